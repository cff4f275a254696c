#!/usr/bin/python3
"""Trains the local digit reader's classifier (libs/handwriting) in PyTorch on CPU.

Input: the glyph files written by tools/training/export-glyphs.ts (the reader's own segmented,
normalized 28x28 glyphs of synthesized cells; training glyphs from MNIST items 0..599 of each
class, validation glyphs from items 600..749). Output: digit-classifier.json (format
caddie-digit-classifier@2, layer list + weight manifest + sha256) and digit-classifier.weights.bin
(float32, batch norm folded into the convolutions), read by libs/handwriting/src/model-files.ts
and run by the plain TypeScript forward pass in reading/digit-network.ts.

    /usr/bin/python3 tools/training/train_digits.py --data /tmp/glyphs --out libs/handwriting/model \
        [--epochs 10] [--seed 7] [--threads 1] [--not-a-digit-weight 0.3] [--widths 12,24,32] [--hidden 96]
        [--erase 0.25]
        [--init <member folder> --rate 5e-4]   # fine-tune a trained network (its shape) instead of a new one
        [--convs 24,24p,48,48p,96p]   # instead of --widths: each convolution, 'p' where a 2x2 max pool follows

Seeded and deterministic on one machine (torch 1.13 CPU, fixed thread count). Calibration
(temperature, accept threshold) is not done here: tools/train-handwriting.ts fits it afterwards
on calibration-range cells read by the TypeScript reader itself.
"""
import argparse
import hashlib
import json
import math
import os
import subprocess
import time

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

from combine_ensemble import NETWORK_FORMAT as FORMAT, read_member

SIDE = 28
CLASSES = 11  # digits 0..9, then "not a digit"


def file_sha256(path):
    digest = hashlib.sha256()
    with open(path, 'rb') as f:
        for block in iter(lambda: f.read(1 << 20), b''):
            digest.update(block)
    return digest.hexdigest()


def source_state():
    """The git commit the trainer runs at, and whether tracked files differ from it (then no replay can be exact)."""
    here = os.path.dirname(os.path.abspath(__file__))
    try:
        commit = subprocess.run(['git', 'rev-parse', 'HEAD'], cwd=here, capture_output=True, text=True, check=True).stdout.strip()
        changed = subprocess.run(['git', 'status', '--porcelain', '--untracked-files=no'], cwd=here, capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return {'commit': 'unknown', 'uncommittedChanges': None}
    return {'commit': commit, 'uncommittedChanges': len(changed.splitlines())}


def load(path):
    raw = np.fromfile(path, dtype=np.uint8).reshape(-1, 1 + SIDE * SIDE)
    labels = torch.from_numpy(raw[:, 0].astype(np.int64))
    images = torch.from_numpy(raw[:, 1:].astype(np.float32) / 255.0).reshape(-1, 1, SIDE, SIDE)
    return images, labels


class DigitNet(nn.Module):
    """3x3 convolutions (batch norm, ReLU, each followed by 2x2 max pooling or not), dropout, two dense layers.

    `convs` lists the convolutions as (channels, pooled): the default network of three pooled
    blocks is ((12, True), (24, True), (32, True)); a deeper one stacks two convolutions before a
    pool, as ((24, False), (24, True), (48, False), (48, True), (96, True)).
    """

    def __init__(self, convs=((12, True), (24, True), (32, True)), hidden=96):
        super().__init__()
        self.convs = nn.ModuleList()
        self.bns = nn.ModuleList()
        self.pooled = []
        channels, side = 1, SIDE
        for units, pooled in convs:
            self.convs.append(nn.Conv2d(channels, units, 3, padding=1, bias=False))
            self.bns.append(nn.BatchNorm2d(units))
            self.pooled.append(pooled)
            channels = units
            side = side // 2 if pooled else side  # floor, as the reader pools
        self.drop1 = nn.Dropout(0.3)
        self.fc1 = nn.Linear(channels * side * side, hidden)
        self.drop2 = nn.Dropout(0.3)
        self.fc2 = nn.Linear(hidden, CLASSES)

    def forward(self, x):
        for conv, bn, pooled in zip(self.convs, self.bns, self.pooled):
            x = F.relu(bn(conv(x)))
            if pooled:
                x = F.max_pool2d(x, 2)
        x = self.drop1(torch.flatten(x, 1))
        x = self.drop2(F.relu(self.fc1(x)))
        return self.fc2(x)


def parse_convs(text):
    """'24,24p,48,48p,96p' -> ((24, False), (24, True), ...): channels, 'p' where a 2x2 max pool follows."""
    convs = []
    for part in text.split(','):
        pooled = part.endswith('p')
        units = int(part[:-1] if pooled else part)
        if units < 1:
            raise ValueError(part)
        convs.append((units, pooled))
    return tuple(convs)


def gaussian_kernel(sigma, radius):
    t = torch.arange(-radius, radius + 1, dtype=torch.float32)
    k = torch.exp(-(t * t) / (2 * sigma * sigma))
    return k / k.sum()


def blur(x, sigma):
    """Separable Gaussian blur of a batch (N,C,H,W) with one sigma."""
    radius = max(1, int(math.ceil(2.5 * sigma)))
    k = gaussian_kernel(sigma, radius)
    c = x.shape[1]
    x = F.conv2d(F.pad(x, (radius, radius, 0, 0), mode='replicate'), k.view(1, 1, 1, -1).repeat(c, 1, 1, 1), groups=c)
    return F.conv2d(F.pad(x, (0, 0, radius, radius), mode='replicate'), k.view(1, 1, -1, 1).repeat(c, 1, 1, 1), groups=c)


def pick(n, p, g):
    return (torch.rand(n, generator=g) < p).view(n, 1, 1, 1).float()


def erase_stroke(x, p, g):
    """Breaks a stroke on a share p of the batch: the ink within a disc of radius 1.5..3.5 px around a
    point drawn from the glyph's own ink is removed, as a pen skip or a split between two written
    glyphs leaves a digit with 70..99% of its ink."""
    n = x.shape[0]
    chosen = torch.nonzero(pick(n, p, g).view(-1)).view(-1)
    if len(chosen) == 0:
        return x
    weights = x[chosen].reshape(len(chosen), -1).clamp(min=0) + 1e-6
    centre = torch.multinomial(weights, 1, generator=g).view(-1)
    cy, cx = (centre // SIDE).float(), (centre % SIDE).float()
    radius = 1.5 + 2.0 * torch.rand(len(chosen), generator=g)
    t = torch.arange(SIDE, dtype=torch.float32)
    d2 = (t.view(1, SIDE, 1) - cy.view(-1, 1, 1)) ** 2 + (t.view(1, 1, SIDE) - cx.view(-1, 1, 1)) ** 2
    keep = (d2 > (radius * radius).view(-1, 1, 1)).float().unsqueeze(1)
    x = x.clone()
    x[chosen] = x[chosen] * keep
    return x


def augment(x, g, erase=0.0):
    """Strong augmentation of normalized glyphs (ink 1 on 0): what the page pipeline leaves varying
    after its own normalization (fit, deslant, stroke growth): affine and elastic distortion,
    stroke width, ink level, blur, noise, resolution / compression loss, cell-border fragments."""
    n = x.shape[0]
    # Affine: rotation, anisotropic scale, shear, offset.
    angle = (torch.rand(n, generator=g) - 0.5) * 2 * math.radians(12)
    scale_x = 1 + (torch.rand(n, generator=g) - 0.5) * 0.3
    scale_y = 1 + (torch.rand(n, generator=g) - 0.5) * 0.3
    shear = (torch.rand(n, generator=g) - 0.5) * 0.4
    tx = (torch.rand(n, generator=g) - 0.5) * 2 * (2.5 / 14)
    ty = (torch.rand(n, generator=g) - 0.5) * 2 * (2.5 / 14)
    cos, sin = torch.cos(angle), torch.sin(angle)
    theta = torch.zeros(n, 2, 3)
    theta[:, 0, 0] = cos / scale_x
    theta[:, 0, 1] = -sin / scale_x + shear
    theta[:, 1, 0] = sin / scale_y
    theta[:, 1, 1] = cos / scale_y
    theta[:, 0, 2] = tx
    theta[:, 1, 2] = ty
    grid = F.affine_grid(theta, x.shape, align_corners=False)
    # Elastic: smooth random displacement (about one pixel) on half of the batch.
    field = torch.randn(n, 2, SIDE, SIDE, generator=g)
    field = blur(field, 3.0) * (torch.rand(n, 1, 1, 1, generator=g) * 2.5 * 14 / SIDE * 4)
    field = field * pick(n, 0.5, g)
    grid = grid + field.permute(0, 2, 3, 1) / 14
    x = F.grid_sample(x, grid, align_corners=False, padding_mode='zeros')
    if erase > 0:
        x = erase_stroke(x, erase, g)
    # Stroke width: thicker (dilation) or thinner (erosion), blended partially.
    thick = pick(n, 0.25, g) * torch.rand(n, 1, 1, 1, generator=g)
    thin = pick(n, 0.2, g) * torch.rand(n, 1, 1, 1, generator=g) * 0.8
    dilated = F.max_pool2d(x, 3, 1, 1)
    eroded = -F.max_pool2d(-x, 3, 1, 1)
    x = x + thick * (dilated - x) + thin * (eroded - x)
    # Blur.
    soft = pick(n, 0.3, g)
    x = soft * blur(x, 0.8) + (1 - soft) * x
    # Resolution / compression loss: down to 14 px and back.
    coarse = pick(n, 0.15, g)
    x = coarse * F.interpolate(F.avg_pool2d(x, 2), scale_factor=2, mode='bilinear', align_corners=False) + (1 - coarse) * x
    # Cell-border fragments: a straight line along one edge (what a tight crop leaves attached).
    border = pick(n, 0.08, g)
    lines = torch.zeros_like(x)
    for k in torch.nonzero(border.view(-1)).view(-1).tolist():
        at = int(torch.randint(0, 3, (1,), generator=g))
        side = int(torch.randint(0, 4, (1,), generator=g))
        start = int(torch.randint(0, 14, (1,), generator=g))
        length = int(torch.randint(6, 28, (1,), generator=g))
        level = 0.4 + 0.6 * float(torch.rand(1, generator=g))
        if side == 0:
            lines[k, 0, at, start:start + length] = level
        elif side == 1:
            lines[k, 0, SIDE - 1 - at, start:start + length] = level
        elif side == 2:
            lines[k, 0, start:start + length, at] = level
        else:
            lines[k, 0, start:start + length, SIDE - 1 - at] = level
    x = torch.maximum(x, lines)
    # Ink level and gamma, then noise.
    x = x * (0.55 + 0.45 * torch.rand(n, 1, 1, 1, generator=g))
    x = x.clamp(0, 1) ** (0.7 + 0.6 * torch.rand(n, 1, 1, 1, generator=g))
    noisy = pick(n, 0.35, g) * torch.rand(n, 1, 1, 1, generator=g) * 0.08
    x = x + noisy * torch.randn(x.shape, generator=g)
    return x.clamp(0, 1)


def evaluate(model, images, labels):
    model.eval()
    with torch.no_grad():
        logits = torch.cat([model(images[k:k + 2048]) for k in range(0, len(images), 2048)])
    predicted = logits.argmax(1)
    digits = labels < 10
    return {
        'accuracy': float((predicted == labels).float().mean()),
        'digitAccuracy': float((predicted[digits] == labels[digits]).float().mean()),
        'nll': float(F.cross_entropy(logits, labels)),
    }


def fold(conv, bn):
    """Batch norm folded into the preceding convolution: weight [out,in,3,3] and bias [out]."""
    scale = bn.weight / torch.sqrt(bn.running_var + bn.eps)
    return conv.weight * scale.view(-1, 1, 1, 1), bn.bias - bn.running_mean * scale


def weight_tensors(specs, blob):
    """The named float32 tensors of a weights blob laid out as its manifest's weightSpecs say."""
    floats = np.frombuffer(blob, dtype='<f4')
    tensors, at = {}, 0
    for spec in specs:
        n = int(np.prod(spec['shape']))
        tensors[spec['name']] = torch.from_numpy(floats[at:at + n].copy()).view(*spec['shape'])
        at += n
    if at != len(floats):
        raise ValueError('the weights file does not match its manifest')
    return tensors


def read_network(folder):
    """A network folder written by export(): its manifest and named weights (batch norm folded in), checked
    by combine_ensemble.read_member (ValueError for an ensemble or weights that do not match)."""
    manifest, blob = read_member(folder)
    return manifest, weight_tensors(manifest['weightSpecs'], blob)


def network_shape(manifest):
    """The (convs, hidden) of a network's manifest, as DigitNet takes them."""
    convs = tuple((layer['units'], layer.get('maxPool') == 2) for layer in manifest['layers'] if layer['type'] == 'conv3x3')
    dense = [layer for layer in manifest['layers'] if layer['type'] == 'dense']
    return convs, dense[0]['units']


def load_network(model, tensors):
    """Puts a written network's weights into `model` (of its shape): its batch norms become the identity
    carrying the folded bias."""
    with torch.no_grad():
        for k, (conv, bn) in enumerate(zip(model.convs, model.bns), start=1):
            conv.weight.copy_(tensors[f'conv{k}/kernel'])
            bn.weight.fill_(1.0)
            bn.bias.copy_(tensors[f'conv{k}/bias'])
            bn.running_mean.zero_()
            bn.running_var.fill_(1.0 - bn.eps)
        for name, fc in (('dense1', model.fc1), ('dense2', model.fc2)):
            fc.weight.copy_(tensors[f'{name}/kernel'].t())
            fc.bias.copy_(tensors[f'{name}/bias'])


def check_inputs():
    """Fixed inputs whose logits the manifest records (the TypeScript forward pass is tested against them)."""
    i = torch.arange(SIDE * SIDE)
    return torch.stack([((i * 7 + k * 131) % 23).float() / 22 for k in range(3)]).view(3, 1, SIDE, SIDE)


def export(model, out, provenance):
    model.eval()
    with torch.no_grad():
        check = model(check_inputs())
    tensors = []
    layers = []
    with torch.no_grad():
        for k, (conv, bn, pooled) in enumerate(zip(model.convs, model.bns, model.pooled), start=1):
            name = f'conv{k}'
            w, b = fold(conv, bn)
            layer = {'type': 'conv3x3', 'name': name, 'inputs': conv.in_channels, 'units': conv.out_channels, 'relu': True}
            if pooled:
                layer['maxPool'] = 2
            layers.append(layer)
            tensors += [(f'{name}/kernel', w), (f'{name}/bias', b)]
        for name, fc, relu in (('dense1', model.fc1, True), ('dense2', model.fc2, False)):
            # Stored [inputs, units] like the version 1 dense layers.
            layers.append({'type': 'dense', 'name': name, 'inputs': fc.in_features, 'units': fc.out_features, 'relu': relu})
            tensors += [(f'{name}/kernel', fc.weight.t()), (f'{name}/bias', fc.bias)]
    blob = b''.join(t.detach().contiguous().numpy().astype('<f4').tobytes() for _, t in tensors)
    digest = hashlib.sha256(blob).hexdigest()
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, 'digit-classifier.weights.bin'), 'wb') as f:
        f.write(blob)
    manifest = {
        'format': FORMAT,
        'input': {'side': SIDE, 'channels': 1, 'layout': 'CHW, ink 0..1'},
        'layers': layers,
        'weightSpecs': [{'name': name, 'shape': list(t.shape), 'dtype': 'float32'} for name, t in tensors],
        'weightsSha256': digest,
        'provenance': provenance,
        'check': {'inputs': 'glyph k (0..2), pixel i: ((7 i + 131 k) mod 23) / 22', 'logits': [[round(float(v), 6) for v in row] for row in check]},
    }
    with open(os.path.join(out, 'digit-classifier.json'), 'w') as f:
        f.write(json.dumps(manifest, indent=1) + '\n')
    return digest


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--data', required=True, help='file prefix written by export-glyphs')
    parser.add_argument('--out', required=True)
    parser.add_argument('--epochs', type=int, default=10)
    parser.add_argument('--batch', type=int, default=128)
    parser.add_argument('--rate', type=float, default=3e-3)
    parser.add_argument('--seed', type=int, default=7)
    parser.add_argument('--threads', type=int, default=1)
    parser.add_argument('--widths', default='12,24,32', help='channels of three convolution blocks, each pooled')
    parser.add_argument('--convs', help="the convolutions instead of --widths: channels of each, 'p' where a 2x2 max pool "
                                        "follows, e.g. 24,24p,48,48p,96p")
    parser.add_argument('--hidden', type=int, default=96, help='units of the first dense layer')
    parser.add_argument('--not-a-digit-weight', type=float, default=0.3,
                        help='loss weight of the "not a digit" class: its training glyphs include digit-like fragments '
                             '(part of a 4 looks like a 1), which at full weight cap the confidence of every clean 1')
    parser.add_argument('--erase', type=float, default=0.0,
                        help='share of training glyphs with a piece of stroke erased (0: none, as members 1..10)')
    parser.add_argument('--recipe', help="train-handwriting.sh's settings (JSON), recorded in the provenance for a replay")
    parser.add_argument('--init', help='a network folder to fine-tune (its shape replaces --widths, --convs and --hidden); '
                                       'its batch norms stay folded and frozen, the rest trains')
    args = parser.parse_args()
    if not 0 <= args.erase <= 1:
        parser.error('--erase takes a share between 0 and 1')
    init = None
    if args.init:
        try:
            init = read_network(args.init)
        except (OSError, ValueError) as error:
            parser.error(f'--init: {error}')

    source = source_state()  # before training: a commit made meanwhile is not what trained
    recipe = None
    if args.recipe:
        try:
            recipe = json.loads(args.recipe)
        except ValueError:
            parser.error('--recipe takes a JSON object')
    torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)
    np.random.seed(args.seed)
    g = torch.Generator().manual_seed(args.seed)

    train_x, train_y = load(args.data + '.train.bin')
    val_x, val_y = load(args.data + '.validation.bin')
    print(f'training glyphs {len(train_y)} (classes {torch.bincount(train_y, minlength=CLASSES).tolist()}), validation glyphs {len(val_y)}', flush=True)
    # MNIST's own calibration-range images (export-mnist-glyphs.ts), reported beside the glyphs when exported.
    mnist_path = args.data + '.mnist-validation.bin'
    mnist_val = load(mnist_path) if os.path.exists(mnist_path) else None
    # Glyphs of calibration-range photos (export-photo-glyphs.ts --items calibration), reported likewise when present.
    photo_path = args.data + '.photo-validation.bin'
    photo_val = load(photo_path) if os.path.exists(photo_path) else None

    try:
        convs = parse_convs(args.convs if args.convs else ','.join(f'{w}p' for w in args.widths.split(',')))
    except ValueError:
        parser.error('--convs and --widths take positive channel counts')
    if (not args.convs and len(convs) != 3) or args.hidden < 1 or SIDE >> sum(p for _, p in convs) < 1:
        parser.error('--widths takes three channel counts, --convs at most four pools, --hidden a positive unit count')
    hidden = args.hidden
    if init:
        convs, hidden = network_shape(init[0])
    model = DigitNet(convs, hidden)
    init_provenance = None
    if init:
        base, tensors = init
        load_network(model, tensors)
        init_provenance = {'folder': os.path.basename(os.path.normpath(args.init)), 'weightsSha256': base['weightsSha256'],
                           'provenance': base.get('provenance')}
        before = evaluate(model, val_x, val_y)
        photo = f', photo glyphs (digits) {evaluate(model, *photo_val)["digitAccuracy"] * 100:.2f}%' if photo_val else ''
        print(f'fine-tuning {args.init}: validation glyph accuracy {before["accuracy"] * 100:.2f}%{photo} before', flush=True)
    class_weights = torch.ones(CLASSES)
    class_weights[CLASSES - 1] = args.not_a_digit_weight
    optimizer = torch.optim.AdamW(model.parameters(), lr=args.rate, weight_decay=1e-4)
    steps = args.epochs * math.ceil(len(train_y) / args.batch)
    schedule = torch.optim.lr_scheduler.OneCycleLR(optimizer, max_lr=args.rate, total_steps=steps, pct_start=0.15)
    started = time.time()
    for epoch in range(args.epochs):
        model.train()
        if args.init:
            for bn in model.bns:
                bn.eval()  # the folded statistics stay; batch statistics would shift every unit at once
        order = torch.randperm(len(train_y), generator=g)
        loss_sum, batches = 0.0, 0
        for k in range(0, len(order), args.batch):
            idx = order[k:k + args.batch]
            x = augment(train_x[idx], g, args.erase)
            loss = F.cross_entropy(model(x), train_y[idx], weight=class_weights)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            schedule.step()
            loss_sum += float(loss)
            batches += 1
            if batches % 100 == 0:
                print(f'  epoch {epoch + 1} batch {batches} loss {loss_sum / batches:.4f} [{time.time() - started:.0f}s]', flush=True)
        figures = evaluate(model, val_x, val_y)
        mnist = f' MNIST images {evaluate(model, *mnist_val)["accuracy"] * 100:.2f}%' if mnist_val else ''
        if photo_val:
            mnist += f' photo glyphs (digits) {evaluate(model, *photo_val)["digitAccuracy"] * 100:.2f}%'
        print(f'epoch {epoch + 1}/{args.epochs} loss {loss_sum / batches:.4f} validation glyph accuracy {figures["accuracy"] * 100:.2f}% '
              f'(digits {figures["digitAccuracy"] * 100:.2f}%){mnist} nll {figures["nll"]:.4f} [{time.time() - started:.0f}s]', flush=True)
    seconds = time.time() - started
    figures = evaluate(model, val_x, val_y)
    if mnist_val:
        figures['mnistImageAccuracy'] = evaluate(model, *mnist_val)['accuracy']
    if photo_val:
        figures['photoDigitAccuracy'] = evaluate(model, *photo_val)['digitAccuracy']
    data_files = {'train': '.train.bin', 'validation': '.validation.bin', 'mnistValidation': '.mnist-validation.bin', 'photoValidation': '.photo-validation.bin'}
    provenance = {
        'trainer': 'tools/training/train_digits.py', **source, **({'recipe': recipe} if recipe else {}),
        'dataSha256': {key: file_sha256(args.data + suffix) for key, suffix in data_files.items() if os.path.exists(args.data + suffix)}, 'torch': torch.__version__, 'seed': args.seed, 'epochs': args.epochs,
        'batch': args.batch, 'rate': args.rate, **({'erase': args.erase} if args.erase else {}), 'threads': args.threads, 'notADigitWeight': args.not_a_digit_weight,
        **({'init': init_provenance} if init_provenance else {}),
        'convs': ','.join(f"{u}{'p' if p else ''}" for u, p in convs), 'hidden': hidden, 'trainingGlyphs': len(train_y),
        'validationGlyphs': len(val_y), 'seconds': round(seconds), 'validation': {k: round(v, 5) for k, v in figures.items()},
    }
    digest = export(model, args.out, provenance)
    print(f'wrote {args.out} (weights sha256 {digest}) after {seconds:.0f}s of training', flush=True)


if __name__ == '__main__':
    main()
