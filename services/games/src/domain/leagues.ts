/**
 * The simulator's world: real league names, real-ish clubs with a built-in power rating
 * (1..100, higher is stronger; seeded into the rankings table so admins can tune them) and
 * name pools for the players the match events mention.
 */
export interface SimTeam {
  name: string;
  rating: number;
}

export interface SimLeague {
  name: string;
  country: string;
  names: keyof typeof NAME_POOLS;
  teams: SimTeam[];
}

const t = (name: string, rating: number): SimTeam => ({ name, rating });

export const LEAGUES: SimLeague[] = [
  {
    name: 'Nigeria Premier Football League',
    country: 'Nigeria',
    names: 'ng',
    teams: [
      t('Enyimba', 82), t('Rivers United', 84), t('Remo Stars', 80), t('Enugu Rangers', 79),
      t('Kano Pillars', 76), t('Shooting Stars', 75), t('Plateau United', 77), t('Akwa United', 74),
      t('Lobi Stars', 72), t('Kwara United', 71), t('Bendel Insurance', 73), t('Sunshine Stars', 68),
      t('Niger Tornadoes', 69), t('Abia Warriors', 72), t('Bayelsa United', 70), t('Heartland', 67),
      t('Katsina United', 69), t('Nasarawa United', 68), t('Ikorodu City', 66), t('El-Kanemi Warriors', 67),
    ],
  },
  {
    name: 'Premier League',
    country: 'England',
    names: 'en',
    teams: [
      t('Manchester City', 94), t('Arsenal', 93), t('Liverpool', 93), t('Chelsea', 87), t('Tottenham', 85),
      t('Manchester United', 84), t('Newcastle', 85), t('Aston Villa', 84), t('Brighton', 81), t('West Ham', 79),
      t('Crystal Palace', 79), t('Fulham', 78), t('Brentford', 78), t('Wolves', 76), t('Everton', 77),
      t('Bournemouth', 78), t('Nottingham Forest', 79), t('Leeds', 74), t('Burnley', 72), t('Sunderland', 73),
    ],
  },
  {
    name: 'La Liga',
    country: 'Spain',
    names: 'es',
    teams: [
      t('Real Madrid', 94), t('Barcelona', 93), t('Atletico Madrid', 88), t('Athletic Bilbao', 83),
      t('Real Sociedad', 82), t('Villarreal', 82), t('Real Betis', 81), t('Sevilla', 79), t('Valencia', 77),
      t('Girona', 79), t('Celta Vigo', 76), t('Osasuna', 76), t('Getafe', 74), t('Rayo Vallecano', 75),
      t('Mallorca', 74), t('Alaves', 73), t('Espanyol', 73), t('Levante', 71), t('Elche', 71), t('Real Oviedo', 70),
    ],
  },
  {
    name: 'Serie A',
    country: 'Italy',
    names: 'it',
    teams: [
      t('Inter', 92), t('Napoli', 89), t('Juventus', 87), t('AC Milan', 87), t('Atalanta', 86), t('Roma', 84),
      t('Lazio', 83), t('Fiorentina', 81), t('Bologna', 81), t('Torino', 77), t('Udinese', 75), t('Genoa', 74),
      t('Como', 76), t('Cagliari', 72), t('Lecce', 71), t('Parma', 72), t('Verona', 71), t('Sassuolo', 73),
      t('Cremonese', 70), t('Pisa', 69),
    ],
  },
  {
    name: 'Bundesliga',
    country: 'Germany',
    names: 'de',
    teams: [
      t('Bayern Munich', 94), t('Bayer Leverkusen', 89), t('Borussia Dortmund', 88), t('RB Leipzig', 86),
      t('Eintracht Frankfurt', 83), t('VfB Stuttgart', 84), t('SC Freiburg', 80), t('Wolfsburg', 78),
      t('Mainz', 78), t('Borussia Monchengladbach', 78), t('Werder Bremen', 77), t('Union Berlin', 77),
      t('Hoffenheim', 78), t('Augsburg', 75), t('FC Koln', 74), t('Hamburger SV', 74), t('Heidenheim', 72),
      t('St. Pauli', 72),
    ],
  },
  {
    name: 'Ligue 1',
    country: 'France',
    names: 'fr',
    teams: [
      t('Paris Saint-Germain', 93), t('Marseille', 85), t('Monaco', 85), t('Lille', 83), t('Lyon', 83),
      t('Nice', 80), t('Lens', 81), t('Rennes', 79), t('Strasbourg', 78), t('Nantes', 74), t('Toulouse', 76),
      t('Brest', 76), t('Auxerre', 72), t('Angers', 71), t('Le Havre', 71), t('Lorient', 71), t('Metz', 70),
      t('Paris FC', 72),
    ],
  },
  {
    name: 'Ghana Premier League',
    country: 'Ghana',
    names: 'gh',
    teams: [
      t('Asante Kotoko', 79), t('Hearts of Oak', 78), t('Medeama', 76), t('Aduana Stars', 75),
      t('Bechem United', 73), t('Dreams FC', 74), t('Nations FC', 74), t('Berekum Chelsea', 72),
      t('Karela United', 71), t('Legon Cities', 70), t('Bibiani Gold Stars', 73), t('Accra Lions', 71),
      t('Samartex', 72), t('Young Apostles', 68), t('Heart of Lions', 69), t('Vision FC', 68),
    ],
  },
  {
    name: 'Eredivisie',
    country: 'Netherlands',
    names: 'nl',
    teams: [
      t('PSV', 88), t('Ajax', 86), t('Feyenoord', 87), t('AZ Alkmaar', 82), t('FC Twente', 81),
      t('FC Utrecht', 79), t('Go Ahead Eagles', 75), t('NEC Nijmegen', 76), t('Heerenveen', 74),
      t('Sparta Rotterdam', 73), t('Groningen', 73), t('Fortuna Sittard', 72), t('PEC Zwolle', 71),
      t('Heracles', 71), t('NAC Breda', 70), t('Excelsior', 69), t('Telstar', 68), t('Volendam', 68),
    ],
  },
];

export const NAME_POOLS = {
  ng: {
    first: ['Chinedu', 'Emeka', 'Tunde', 'Sodiq', 'Ifeanyi', 'Musa', 'Kelechi', 'Samuel', 'Ahmed', 'Victor', 'Chidera', 'Ibrahim', 'Uche', 'Bolaji', 'Daniel', 'Segun'],
    last: ['Okafor', 'Adeyemi', 'Bello', 'Eze', 'Okonkwo', 'Abubakar', 'Nwosu', 'Olatunji', 'Ibe', 'Yusuf', 'Onuoha', 'Adebayo', 'Chukwu', 'Lawal', 'Obi', 'Ogunleye'],
  },
  gh: {
    first: ['Kwame', 'Kofi', 'Yaw', 'Kwabena', 'Kojo', 'Abdul', 'Emmanuel', 'Isaac', 'Richmond', 'Augustine', 'Ebenezer', 'Prince'],
    last: ['Mensah', 'Asante', 'Boateng', 'Owusu', 'Appiah', 'Osei', 'Addo', 'Agyemang', 'Danso', 'Ofori', 'Quaye', 'Amankwah'],
  },
  en: {
    first: ['Jack', 'Harry', 'James', 'Oliver', 'Tom', 'Ben', 'Callum', 'Marcus', 'Reece', 'Declan', 'Mason', 'Jordan', 'Luke', 'Kyle'],
    last: ['Walker', 'Mitchell', 'Clarke', 'Hughes', 'Turner', 'Wright', 'Palmer', 'Barnes', 'Shaw', 'Cole', 'Ward', 'Holt', 'Reid', 'Bennett'],
  },
  es: {
    first: ['Pablo', 'Sergio', 'Alvaro', 'Dani', 'Javi', 'Marcos', 'Iker', 'Raul', 'Mikel', 'Pedro', 'Alejandro', 'Unai'],
    last: ['Garcia', 'Martinez', 'Lopez', 'Sanchez', 'Romero', 'Navarro', 'Torres', 'Ruiz', 'Moreno', 'Herrera', 'Castillo', 'Ortega'],
  },
  it: {
    first: ['Marco', 'Luca', 'Federico', 'Alessandro', 'Lorenzo', 'Matteo', 'Nicolo', 'Davide', 'Giacomo', 'Andrea', 'Simone', 'Riccardo'],
    last: ['Rossi', 'Bianchi', 'Ricci', 'Romano', 'Colombo', 'Marino', 'Greco', 'Bruno', 'Gallo', 'Conti', 'Esposito', 'Barella'],
  },
  de: {
    first: ['Lukas', 'Leon', 'Jonas', 'Florian', 'Felix', 'Niklas', 'Kai', 'Timo', 'Julian', 'Maximilian', 'Jan', 'Tobias'],
    last: ['Muller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Wagner', 'Becker', 'Hoffmann', 'Koch', 'Richter', 'Klein', 'Wolf'],
  },
  fr: {
    first: ['Antoine', 'Kylian', 'Theo', 'Lucas', 'Hugo', 'Adrien', 'Jules', 'Ousmane', 'Benjamin', 'Mathis', 'Rayan', 'Nicolas'],
    last: ['Martin', 'Bernard', 'Dubois', 'Laurent', 'Lefebvre', 'Girard', 'Fournier', 'Moreau', 'Lambert', 'Mercier', 'Faure', 'Rousseau'],
  },
  nl: {
    first: ['Daan', 'Sem', 'Luuk', 'Milan', 'Jesse', 'Bram', 'Thijs', 'Ruben', 'Stijn', 'Joey', 'Wout', 'Teun'],
    last: ['de Jong', 'Jansen', 'de Vries', 'Bakker', 'Visser', 'Smit', 'Meijer', 'Mulder', 'de Boer', 'Bos', 'Vos', 'Peters'],
  },
} satisfies Record<string, { first: string[]; last: string[] }>;

export const ALL_TEAMS: ReadonlyMap<string, SimTeam & { league: SimLeague }> = new Map(
  LEAGUES.flatMap((l) => l.teams.map((team) => [team.name, { ...team, league: l }] as const)),
);
