#!/usr/bin/python3
"""Splits an ensemble model folder (format caddie-digit-ensemble@1, written by combine_ensemble.py)
back into one folder per member (format caddie-digit-classifier@2, as train_digits.py writes
them), so that members can be combined anew with a newly trained one:

    /usr/bin/python3 tools/training/split_ensemble.py --from libs/handwriting/model --out /tmp/members
    # -> /tmp/members/member-1, member-2, ...

Each member's `check` (its logits for train_digits.py's fixed check inputs) is recomputed here by
PyTorch from the stored weights (batch norm already folded in), since the ensemble keeps only
their mean; recombining every member reproduces the ensemble's weights file to the bit and its
check to float32 rounding.
"""
import argparse
import hashlib
import json
import os

import numpy as np
import torch
import torch.nn.functional as F

from combine_ensemble import ENSEMBLE_FORMAT
from train_digits import FORMAT, check_inputs, weight_tensors


def member_logits(member, weights):
    """The member's forward pass on the check inputs: 3x3 convolutions (padding 1) with ReLU and
    2x2 max pooling, then dense layers, as the manifest's layer list says."""
    x = check_inputs()
    for layer in member['layers']:
        kernel, bias = weights[f"{layer['name']}/kernel"], weights[f"{layer['name']}/bias"]
        if layer['type'] == 'conv3x3':
            x = F.conv2d(x, kernel, bias, padding=1)
            if layer['relu']:
                x = F.relu(x)
            if layer.get('maxPool'):
                x = F.max_pool2d(x, layer['maxPool'])
        else:
            x = torch.flatten(x, 1) @ kernel + bias
            if layer['relu']:
                x = F.relu(x)
    return x


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--from', dest='source', required=True, help='an ensemble model folder')
    parser.add_argument('--out', required=True, help='folder to write member-1, member-2, ... into')
    args = parser.parse_args()
    with open(os.path.join(args.source, 'digit-classifier.json')) as f:
        ensemble = json.load(f)
    with open(os.path.join(args.source, 'digit-classifier.weights.bin'), 'rb') as f:
        blob = f.read()
    if ensemble.get('format') != ENSEMBLE_FORMAT:
        raise SystemExit(f'{args.source}: not a {ENSEMBLE_FORMAT} model')
    if hashlib.sha256(blob).hexdigest() != ensemble['weightsSha256']:
        raise SystemExit(f'{args.source}: the weights do not match their manifest')
    offset = 0
    for k, member in enumerate(ensemble['members'], start=1):
        size = sum(4 * int(np.prod(spec['shape'])) for spec in member['weightSpecs'])
        part = blob[offset:offset + size]
        offset += size
        if hashlib.sha256(part).hexdigest() != member['weightsSha256']:
            raise SystemExit(f'member {k}: its weights do not match its manifest')
        weights = weight_tensors(member['weightSpecs'], part)
        with torch.no_grad():
            check = member_logits(member, weights)
        folder = os.path.join(args.out, f'member-{k}')
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, 'digit-classifier.weights.bin'), 'wb') as f:
            f.write(part)
        manifest = {
            'format': FORMAT,
            'input': ensemble['input'],
            'layers': member['layers'],
            'weightSpecs': member['weightSpecs'],
            'weightsSha256': member['weightsSha256'],
            'provenance': member['provenance'],
            'check': {'inputs': ensemble['check']['inputs'], 'logits': [[round(float(v), 6) for v in row] for row in check]},
        }
        with open(os.path.join(folder, 'digit-classifier.json'), 'w') as f:
            f.write(json.dumps(manifest, indent=1) + '\n')
        print(f'wrote {folder}')
    if offset != len(blob):
        raise SystemExit(f'{args.source}: {len(blob) - offset} bytes of weights belong to no member')


if __name__ == '__main__':
    main()
