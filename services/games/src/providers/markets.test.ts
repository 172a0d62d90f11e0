import { describe, expect, it } from 'vitest';
import { usableFeedBooks } from '../domain/markets';
import { allSportsBooks, apiFootballBooks } from './markets';

describe("the providers' odds mapped onto our markets", () => {
  it('API-Football: documented bet names and values, only the lines we offer', () => {
    const books = apiFootballBooks([
      {
        id: 2,
        name: 'Home/Away',
        values: [
          { value: 'Home', odd: '1.40' },
          { value: 'Away', odd: '2.90' },
        ],
      },
      {
        id: 5,
        name: 'Goals Over/Under',
        values: [
          { value: 'Over 1.5', odd: '1.30' },
          { value: 'Under 1.5', odd: '3.40' },
          { value: 'Over 2.25', odd: '1.7' },
        ],
      },
      {
        id: 16,
        name: 'Total - Home',
        values: [
          { value: 'Over 0.5', odd: '1.20' },
          { value: 'Under 0.5', odd: '4.50' },
        ],
      },
      {
        id: 13,
        name: 'First Half Winner',
        values: [
          { value: 'Home', odd: '2.80' },
          { value: 'Draw', odd: '2.10' },
          { value: 'Away', odd: '4.40' },
        ],
      },
      { id: 7, name: 'HT/FT Double', values: [{ value: 'Draw/Away', odd: '15.00' }] },
      {
        id: 9,
        name: 'Handicap Result',
        values: [
          { value: 'Home -1', odd: '3.10' },
          { value: 'Draw -1', odd: '3.50' },
          { value: 'Away -1', odd: '2.00' },
        ],
      },
      {
        id: 4,
        name: 'Asian Handicap',
        values: [
          { value: 'Away +1.5', odd: '1.25' },
          { value: 'Home -1.5', odd: '3.75' },
          { value: 'Home -0.75', odd: '2.4' },
        ],
      },
      {
        id: 10,
        name: 'Exact Score',
        values: [
          { value: '0:0', odd: '9.00' },
          { value: '5:0', odd: '80' },
        ],
      },
      { id: 8, name: 'Both Teams Score', values: [{ value: 'Yes', odd: '1.80', suspended: true }] },
    ]);
    expect(books).toEqual({
      dnb: { A: 140, B: 290 },
      'ou_1.5': { over: 130, under: 340 },
      'tt_home_0.5': { over: 120, under: 450 },
      ht: { A: 280, Draw: 210, B: 440 },
      htft: { 'Draw/B': 1500 },
      // "Away -1" is away's line: home's +1
      'eh_-1': { A: 310, Draw: 350 },
      'eh_+1': { B: 200 },
      'ah_-1.5': { A: 375, B: 125 },
      cs: { '0-0': 900 },
    });
  });

  it('AllSportsAPI: flat fields of a bookmaker row', () => {
    expect(
      allSportsBooks({
        odd_1: 2,
        odd_1x: '1.25',
        odd_12: '1.3',
        odd_x2: '1.7',
        'o+3.5': '3.1',
        'u+3.5': '1.35',
        'ah+1.5_2': '3.2',
        'ah+1.5_1': '1.3',
        bts_yes: 'x',
      }),
    ).toEqual({
      dc: { '1X': 125, '12': 130, X2: 170 },
      'ou_3.5': { over: 310, under: 135 },
      'ah_+1.5': { A: 130, B: 320 },
    });
  });

  it('offers as they are only complete books that leave no sure profit', () => {
    expect(
      usableFeedBooks({
        btts: { yes: 180, no: 195 },
        'ou_2.5': { over: 210, under: 210 }, // Σ 1/p < 1: a sure profit
        cs: { '1-0': 700 }, // partial
        dc: { '1X': 122, '12': 130, X2: 195 },
      }),
    ).toEqual({ btts: { yes: 180, no: 195 }, dc: { '1X': 122, '12': 130, X2: 195 } });
  });
});
