import type { Hole, HoleTee, TeeSet } from '@caddie/catalog';
import { furthestTee, selectProfileTee } from './profile-tee-selection';

// A straight 400 m hole running north; tees every 20 m from the back.
const south = 35.43;
const lat = (meters: number) => south + meters / 111_195;
const teeSets: TeeSet[] = [
  { id: 'black', name: 'Championship', color: '#111111' },
  { id: 'blue', name: 'Blue', color: '#1F4FD8' },
  { id: 'white', name: 'Member', color: '#FFFFFF' },
  { id: 'red', name: 'Forward', color: '#C8102E' },
];
const tee = (teeSetId: string, metersFromBack: number, yards: number | null): HoleTee => ({
  teeSetId,
  featureId: `hole-1-tee-${teeSetId}`,
  center: [-79.2, lat(metersFromBack)],
  yards,
});

function hole(tees: HoleTee[]): Hole {
  return {
    number: 1,
    name: null,
    par: 4,
    handicap: null,
    handicapsByTeeSet: {},
    centerline: [
      [-79.2, lat(0)],
      [-79.2, lat(400)],
    ],
    dogleg: null,
    tees,
    greenFeatureId: null,
    greenCenter: [-79.2, lat(400)],
    pin: null,
    bounds: [-79.21, south, -79.19, lat(400)],
    flags: [],
  };
}

// Catalog order deliberately not longest-first.
const withYards = hole([tee('white', 40, 394), tee('black', 0, 437), tee('red', 60, 372), tee('blue', 20, 415)]);

describe('selectProfileTee', () => {
  it('defaults to the furthest tee when no profileTee is given', () => {
    const choice = selectProfileTee(withYards, teeSets, undefined);
    expect(choice?.tee.teeSetId).toBe('black');
    expect(choice?.matchedBy).toBe('furthest-default');
    expect(choice?.teeSet?.name).toBe('Championship');
  });

  it('matches a tee set id case-insensitively', () => {
    const choice = selectProfileTee(withYards, teeSets, 'BLUE');
    expect(choice?.tee.teeSetId).toBe('blue');
    expect(choice?.matchedBy).toBe('id');
  });

  it('matches a tee feature id', () => {
    expect(selectProfileTee(withYards, teeSets, 'Hole-1-Tee-Red')?.tee.teeSetId).toBe('red');
  });

  it('matches a tee set name case-insensitively', () => {
    const choice = selectProfileTee(withYards, teeSets, 'mEmBeR');
    expect(choice?.tee.teeSetId).toBe('white');
    expect(choice?.matchedBy).toBe('name');
  });

  it('matches a colour with or without the hash, any case', () => {
    for (const value of ['#c8102e', 'C8102E', ' #C8102e ']) {
      const choice = selectProfileTee(withYards, teeSets, value);
      expect(choice?.tee.teeSetId).toBe('red');
      expect(choice?.matchedBy).toBe('color');
    }
  });

  it('prefers an id match over a name match', () => {
    // "blue" is the id of one set and (here) the name of another.
    const sets = teeSets.map((s) => (s.id === 'red' ? { ...s, name: 'blue' } : s));
    expect(selectProfileTee(withYards, sets, 'blue')?.tee.teeSetId).toBe('blue');
  });

  it('falls back to the furthest tee for an unmatched value', () => {
    const choice = selectProfileTee(withYards, teeSets, 'gold');
    expect(choice?.tee.teeSetId).toBe('black');
    expect(choice?.matchedBy).toBe('furthest-fallback');
  });

  it('finds the furthest tee along the play line when yards are unknown', () => {
    const noYards = hole([tee('white', 40, null), tee('red', 60, null), tee('black', 0, null), tee('blue', 20, null)]);
    expect(furthestTee(noYards)?.teeSetId).toBe('black');
  });

  it('returns null for a hole without tees', () => {
    expect(selectProfileTee(hole([]), teeSets, 'blue')).toBeNull();
  });
});
