#!/usr/bin/python3
"""Combines networks written by train_digits.py (each a folder with digit-classifier.json and
digit-classifier.weights.bin, format caddie-digit-classifier@2) into one ensemble model folder
(format caddie-digit-ensemble@1) that the reader runs by averaging the members' logits
(libs/handwriting/src/reading/digit-network.ts, DigitEnsemble).

    python3 tools/training/combine_ensemble.py --out libs/handwriting/model /tmp/model-a /tmp/model-b

The weights file holds the members' weights in turn; its sha256 is what calibration.json must
name, so the ensemble is calibrated as a whole afterwards (tools/train-handwriting.ts), never
with a member's calibration. `check` is the mean of the members' PyTorch check logits, which
the TypeScript forward pass is tested against. Needs no torch.
"""
import argparse
import hashlib
import json
import os

NETWORK_FORMAT = 'caddie-digit-classifier@2'
ENSEMBLE_FORMAT = 'caddie-digit-ensemble@1'


def read_member(folder):
    """A network folder's manifest and weights bytes, checked: its format, and its weights against their sha256 (ValueError)."""
    with open(os.path.join(folder, 'digit-classifier.json')) as f:
        manifest = json.load(f)
    with open(os.path.join(folder, 'digit-classifier.weights.bin'), 'rb') as f:
        blob = f.read()
    if manifest.get('format') != NETWORK_FORMAT:
        raise ValueError(f'{folder}: not a single network ({NETWORK_FORMAT}): split_ensemble.py writes an ensemble\'s members out')
    if hashlib.sha256(blob).hexdigest() != manifest['weightsSha256']:
        raise ValueError(f'{folder}: the weights do not match their manifest')
    return manifest, blob


def architecture(manifest):
    """Convolution channels, then dense units, e.g. conv 12,24,32 dense 96,11 (every convolution pooled), or
    in train_digits.py's --convs notation where some are not: conv 24,24p,48,48p,96p dense 192,11."""
    convs = [l for l in manifest['layers'] if l['type'] == 'conv3x3']
    every_pooled = all(l.get('maxPool') for l in convs)
    conv = [f"{l['units']}{'' if every_pooled or not l.get('maxPool') else 'p'}" for l in convs]
    dense = [str(l['units']) for l in manifest['layers'] if l['type'] == 'dense']
    return f'conv {",".join(conv)} dense {",".join(dense)}'


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--out', required=True)
    parser.add_argument('members', nargs='+', help='model folders written by train_digits.py')
    args = parser.parse_args()
    if len(args.members) < 2:
        parser.error('an ensemble needs at least two member folders')
    try:
        members = [read_member(folder) for folder in args.members]
    except (OSError, ValueError) as error:
        parser.error(str(error))
    first = members[0][0]
    for manifest, _ in members[1:]:
        if manifest['input'] != first['input'] or len(manifest['check']['logits']) != len(first['check']['logits']):
            raise SystemExit('the members do not take the same input')
    blob = b''.join(b for _, b in members)
    digest = hashlib.sha256(blob).hexdigest()
    checks = [m['check']['logits'] for m, _ in members]
    mean = [[round(sum(c[k][j] for c in checks) / len(checks), 6) for j in range(len(checks[0][k]))] for k in range(len(checks[0]))]
    provenances = [m['provenance'] for m, _ in members]
    manifest = {
        'format': ENSEMBLE_FORMAT,
        'combine': 'mean-logits',
        'input': first['input'],
        'members': [{'layers': m['layers'], 'weightSpecs': m['weightSpecs'], 'weightsSha256': m['weightsSha256'], 'provenance': m['provenance']}
                    for m, _ in members],
        'weightsSha256': digest,
        # Flat (what the calibration's training record keeps): member figures joined in member order.
        'provenance': {
            'trainer': 'tools/training/train_digits.py + tools/training/combine_ensemble.py',
            'members': len(members),
            **{key: ' / '.join(str(p.get(key)) for p in provenances) for key in ('seed', 'epochs', 'trainingGlyphs', 'notADigitWeight')},
            'architectures': ' / '.join(architecture(m) for m, _ in members),
            'torch': provenances[0]['torch'],
            'threads': provenances[0]['threads'],
            'seconds': sum(p['seconds'] for p in provenances),
        },
        'check': {'inputs': first['check']['inputs'], 'logits': mean},
    }
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, 'digit-classifier.weights.bin'), 'wb') as f:
        f.write(blob)
    with open(os.path.join(args.out, 'digit-classifier.json'), 'w') as f:
        f.write(json.dumps(manifest, indent=1) + '\n')
    print(f'wrote {args.out}: {len(members)} members, weights sha256 {digest}')


if __name__ == '__main__':
    main()
