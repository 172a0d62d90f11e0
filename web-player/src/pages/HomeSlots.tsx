// Slots of the Home page where features outside the odds board plug in, so the board's layout
// stays as it is: the AI game search (above the board) and the signed-in cards (For You, the AI
// news and performance summary, the headlines). The parts live in ../ai/.
import '../ai/ai.css';

export { HomeCards } from '../ai/HomeCards';
export { HomeSearch } from '../ai/HomeSearch';
