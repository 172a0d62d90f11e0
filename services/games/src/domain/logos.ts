import { hash32 } from './rng';

/**
 * Crests for the simulator's clubs: a shield in two colours from the club's name with its
 * initials, served by the games service, so the catalogue has logos without any outside
 * image host. Real providers bring their own logo URLs.
 */
export const LOGO_PATH = '/api/v1/games/logos';

export function slugOf(team: string): string {
  return (
    team
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'team'
  );
}

export const logoUrl = (team: string) => `${LOGO_PATH}/${slugOf(team)}.svg`;

function initials(slug: string): string {
  const words = slug
    .split('-')
    .filter((w) => w && !['fc', 'sc', 'ac', 'cf', 'afc', 'the', 'of', 'de'].includes(w));
  const picked = (words.length > 0 ? words : slug.split('-')).slice(0, 3);
  return picked.length === 1
    ? picked[0].slice(0, 3).toUpperCase()
    : picked
        .map((w) => w[0])
        .join('')
        .toUpperCase();
}

export function crestSvg(slug: string): string {
  const h = hash32(slug);
  const hue = h % 360;
  const hue2 = (hue + 140 + ((h >>> 9) % 80)) % 360;
  const text = initials(slug).replace(/[^A-Z0-9]/g, '');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 72" width="64" height="72" role="img" aria-label="${text}">
<path d="M32 2 L60 10 L60 34 C60 52 46 64 32 70 C18 64 4 52 4 34 L4 10 Z" fill="hsl(${hue} 62% 38%)" stroke="hsl(${hue2} 70% 55%)" stroke-width="4"/>
<path d="M32 6 L32 66 C44 60 56 50 56 34 L56 13 Z" fill="hsl(${hue2} 65% 45%)" opacity="0.35"/>
<text x="32" y="44" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-size="${text.length > 2 ? 17 : 22}" font-weight="700" fill="#fff">${text}</text>
</svg>`;
}
