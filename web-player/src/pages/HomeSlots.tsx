// Slots of the Home page where features outside the odds board plug in, so the board's layout
// stays as it is: the AI game search (above the board) and the signed-in cards (For You, the AI
// news and performance summary...).

/** The AI natural-language game search box and its results. */
export function HomeSearch() {
  return null;
}

/** The personalised cards for signed-in players. */
export function HomeCards() {
  return null;
}
