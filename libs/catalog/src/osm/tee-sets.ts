/**
 * Tee sets from colour evidence on the tee features: the `tee`, `golf:tee`, `tee:colour` or
 * `colour` tags, else colour words in the tee's name (English, Polish). A box that serves
 * several colours ("czerwony i niebieski") belongs to each of them. Without any colour evidence
 * the course has one 'default' set holding every tee.
 */
import type { Inference, TeeSet } from '../model';
import type { TaggedFeature } from './tagged-feature';

export const DEFAULT_TEE_SET: TeeSet = { id: 'default', name: 'Default', color: null };

/** Longest to shortest, as scorecards usually list them. */
const COLOURS: { id: string; name: string; color: string; words: string[] }[] = [
  { id: 'black', name: 'Black', color: '#000000', words: ['black', 'czarny', 'czarne'] },
  { id: 'gold', name: 'Gold', color: '#FFD700', words: ['gold', 'złoty', 'zloty', 'złote'] },
  { id: 'blue', name: 'Blue', color: '#0000FF', words: ['blue', 'niebieski', 'niebieskie'] },
  { id: 'white', name: 'White', color: '#FFFFFF', words: ['white', 'biały', 'bialy', 'białe'] },
  { id: 'yellow', name: 'Yellow', color: '#FFFF00', words: ['yellow', 'żółty', 'zółty', 'zolty', 'żółte'] },
  { id: 'green', name: 'Green', color: '#008000', words: ['green', 'zielony', 'zielone'] },
  { id: 'red', name: 'Red', color: '#FF0000', words: ['red', 'czerwony', 'czerwone'] },
  { id: 'orange', name: 'Orange', color: '#FFA500', words: ['orange', 'pomarańczowy'] },
  { id: 'silver', name: 'Silver', color: '#C0C0C0', words: ['silver', 'srebrny'] },
];
const COLOUR_TAGS = ['tee', 'golf:tee', 'tee:colour', 'tee:color', 'colour'];

export interface TeeSetPlan {
  teeSets: TeeSet[];
  /** tee feature id → the sets it serves (empty: colour unknown while other tees have one) */
  setsOf: Map<string, string[]>;
  inferences: Inference[];
  missing: string[];
}

function coloursIn(text: string): string[] {
  const words = new Set(
    text
      .normalize('NFC')
      .toLocaleLowerCase('pl')
      .split(/[^\p{L}]+/u),
  );
  return COLOURS.filter((c) => c.words.some((w) => words.has(w))).map((c) => c.id);
}

export function planTeeSets(tees: TaggedFeature[]): TeeSetPlan {
  const fromTags = new Map<string, string[]>();
  const fromNames = new Map<string, string[]>();
  for (const tee of tees) {
    const tagText = COLOUR_TAGS.map((k) => tee.tags[k] ?? '').join(' ');
    const tagged = coloursIn(tagText.replace(/;/g, ' '));
    if (tagged.length > 0) fromTags.set(tee.id, tagged);
    else if (tee.tags['name']) {
      const named = coloursIn(tee.tags['name']);
      if (named.length > 0) fromNames.set(tee.id, named);
    }
  }
  if (fromTags.size === 0 && fromNames.size === 0) {
    return {
      teeSets: tees.length > 0 ? [DEFAULT_TEE_SET] : [],
      setsOf: new Map(tees.map((t) => [t.id, [DEFAULT_TEE_SET.id]])),
      inferences: [],
      missing: tees.length > 0 ? ['tee colours: no tee carries a colour, every tee is in the single default set'] : [],
    };
  }
  const setsOf = new Map<string, string[]>();
  for (const tee of tees) setsOf.set(tee.id, fromTags.get(tee.id) ?? fromNames.get(tee.id) ?? []);
  const used = new Set([...setsOf.values()].flat());
  const inferences: Inference[] =
    fromNames.size > 0
      ? [
          {
            subject: 'course',
            what: `tee sets for ${fromNames.size} tee features from colour words in their names`,
            how: 'English and Polish colour words in the tee name; a box naming several colours serves each set',
          },
        ]
      : [];
  const uncoloured = [...setsOf.values()].filter((s) => s.length === 0).length;
  return {
    teeSets: COLOURS.filter((c) => used.has(c.id)).map(({ id, name, color }) => ({ id, name, color })),
    setsOf,
    inferences,
    missing: uncoloured > 0 ? [`tee colour for ${uncoloured} of ${tees.length} tee features`] : [],
  };
}
