import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultModelDirectory } from '@caddie/handwriting';
import { GLYPH_BYTES } from './glyph-file';
import { required } from '../../test/support/requirements';

/** The trainer runs on Debian's python3-torch; where it is not installed these tests say so and skip. */
const PYTHON = '/usr/bin/python3';
const TRAINING = join(__dirname);
const torchAvailable = required(
  `PyTorch for ${PYTHON} (apt-get install python3-torch)`,
  spawnSync(PYTHON, ['-c', 'import torch'], { stdio: 'ignore' }).status === 0,
);
const withTorch = torchAvailable ? describe : describe.skip;

interface Manifest {
  format: string;
  layers: { type: string; units: number; maxPool?: number }[];
  weightsSha256: string;
  check: { logits: number[][] };
  provenance: {
    epochs: number;
    convs: string;
    hidden: number;
    init?: { folder: string; weightsSha256: string };
    commit?: string;
    recipe?: Record<string, string>;
    dataSha256?: Record<string, string>;
  };
}

function manifest(folder: string): Manifest {
  return JSON.parse(readFileSync(join(folder, 'digit-classifier.json'), 'utf8')) as Manifest;
}

/** 256 glyphs of a vertical bar labelled 1 and a ring labelled 0. */
function barsAndRings(): Buffer[] {
  const records: Buffer[] = [];
  for (let k = 0; k < 256; k++) {
    const record = Buffer.alloc(GLYPH_BYTES);
    const label = k % 2;
    record[0] = label;
    for (let y = 4; y < 24; y++) {
      for (let x = 4; x < 24; x++) {
        const ring = Math.abs(Math.hypot(x - 13.5, y - 13.5) - 7) < 1.5;
        const bar = Math.abs(x - 13.5 - (k % 3) + 1) < 1.5;
        if (label === 0 ? ring : bar) record[1 + y * 28 + x] = 230;
      }
    }
    records.push(record);
  }
  return records;
}

/** Writes the glyph files of `records` (training and validation alike) under `work`; their prefix. */
function glyphFiles(work: string, records: Buffer[]): string {
  const data = join(work, 'glyphs');
  writeFileSync(`${data}.train.bin`, Buffer.concat(records));
  writeFileSync(`${data}.validation.bin`, Buffer.concat(records.slice(0, 64)));
  return data;
}

const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

withTorch('train_digits.py provenance and tools/training/replay_member.py', () => {
  let work: string;
  beforeAll(() => (work = mkdtempSync(join(tmpdir(), 'caddie-train-provenance-'))));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('records the commit, the recipe and the sha256 of its glyph files, and trains the same weights again from them', () => {
    const data = glyphFiles(work, barsAndRings());
    const recipe = { SEED: '3', TRAIN_SEED: '5', CELLS: '10', CONDITIONS: 'standard,folded' };
    const train = (out: string) =>
      execFileSync(
        PYTHON,
        [join(TRAINING, 'train_digits.py'), '--data', data, '--out', out, '--epochs', '1', '--seed', '5', '--recipe', JSON.stringify(recipe)],
        {
          stdio: 'ignore',
        },
      );
    train(join(work, 'a'));
    train(join(work, 'b'));
    const a = manifest(join(work, 'a'));
    expect(a.provenance.commit).toBe(execFileSync('git', ['rev-parse', 'HEAD'], { cwd: TRAINING, encoding: 'utf8' }).trim());
    expect(a.provenance.recipe).toEqual(recipe);
    expect(a.provenance.dataSha256).toEqual({ train: sha256(`${data}.train.bin`), validation: sha256(`${data}.validation.bin`) });
    // What a replay relies on: the same glyphs, seed and thread count give the same weights to the bit.
    expect(manifest(join(work, 'b')).weightsSha256).toBe(a.weightsSha256);
  }, 120_000);

  it('refuses, saying why, a network without a recipe and an ensemble without --member', () => {
    const replay = (...args: string[]) => spawnSync(PYTHON, [join(TRAINING, 'replay_member.py'), ...args], { encoding: 'utf8' });
    const ensemble = replay(defaultModelDirectory());
    expect(ensemble.status).toBe(2);
    expect(ensemble.stderr).toMatch(/ensemble of 10 networks: --member 1\.\.10/);
    const old = replay(defaultModelDirectory(), '--member', '8');
    expect(old.status).toBe(2);
    expect(old.stderr).toMatch(/records no recipe/);
  });
});

withTorch('train_digits.py --init (fine-tuning a committed network)', () => {
  let work: string;
  let member: string;

  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'caddie-train-digits-'));
    execFileSync(PYTHON, [join(TRAINING, 'split_ensemble.py'), '--from', defaultModelDirectory(), '--out', work], { stdio: 'ignore' });
    member = join(work, 'member-8');
  }, 120_000);

  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('loads a network written with its batch norm folded in and computes the logits PyTorch recorded for it', () => {
    const script = [
      'import json, sys',
      `sys.path.insert(0, ${JSON.stringify(TRAINING)})`,
      'from train_digits import DigitNet, check_inputs, load_network, network_shape, read_network',
      `manifest, tensors = read_network(${JSON.stringify(member)})`,
      'model = DigitNet(*network_shape(manifest))',
      'load_network(model, tensors)',
      'model.eval()',
      'print(json.dumps(model(check_inputs()).tolist()))',
    ].join('\n');
    const logits = JSON.parse(execFileSync(PYTHON, ['-c', script], { encoding: 'utf8' })) as number[][];
    const recorded = manifest(member).check.logits;
    expect(logits).toHaveLength(3);
    logits.forEach((row, k) => row.forEach((v, c) => expect(Math.abs(v - recorded[k][c])).toBeLessThan(1e-4)));
  }, 60_000);

  it('refuses to fine-tune what is not one network, saying what to do', () => {
    const run = spawnSync(
      PYTHON,
      [join(TRAINING, 'train_digits.py'), '--data', join(work, 'none'), '--out', join(work, 'refused'), '--init', defaultModelDirectory()],
      { encoding: 'utf8' },
    );
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/--init: .*not a single network .*split_ensemble\.py/);
  }, 60_000);

  it('trains from the network it was given: same shape, provenance naming it, weights moved, nothing else changed', () => {
    const data = glyphFiles(work, barsAndRings());
    const out = join(work, 'tuned');
    execFileSync(PYTHON, [join(TRAINING, 'train_digits.py'), '--data', data, '--out', out, '--epochs', '1', '--rate', '5e-4', '--init', member], {
      stdio: 'ignore',
    });
    const base = manifest(member);
    const tuned = manifest(out);
    expect(tuned.layers).toEqual(base.layers);
    expect(tuned.provenance.init).toEqual(expect.objectContaining({ folder: 'member-8', weightsSha256: base.weightsSha256 }));
    expect(tuned.provenance.convs).toBe('24,24p,48,48p,96p');
    expect(tuned.weightsSha256).not.toBe(base.weightsSha256);
    // At a vanishing rate the network comes back as it went in: the folded batch norms neither
    // take batch statistics nor move their running ones, so fine-tuning starts from this network.
    const still = join(work, 'still');
    execFileSync(PYTHON, [join(TRAINING, 'train_digits.py'), '--data', data, '--out', still, '--epochs', '1', '--rate', '1e-12', '--init', member], {
      stdio: 'ignore',
    });
    const recorded = base.check.logits.flat();
    const drift = manifest(still)
      .check.logits.flat()
      .map((v, i) => Math.abs(v - recorded[i]));
    expect(Math.max(...drift)).toBeLessThan(1e-3);
  }, 120_000);
});
