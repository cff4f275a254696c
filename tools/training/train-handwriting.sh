#!/bin/sh
# Trains and calibrates the local digit reader (libs/handwriting/model), reproducibly for a seed:
#   1. export-glyphs (Node): the reader's own segmented, normalized glyphs of synthesized cells,
#      training cells from MNIST items 0..599, validation cells from items 600..749;
#   2. train_digits.py (PyTorch on CPU, Debian's python3-torch at /usr/bin/python3): the network;
#   3. train-handwriting (Node): temperature and accept threshold on calibration-range cells.
# Options through the environment: SEED (7), CELLS (24000), EPOCHS (10), THREADS (1), WIDTHS
# (12,24,32: channels of the convolution blocks), HIDDEN (96), OUT (libs/handwriting/model),
# PYTHON (/usr/bin/python3), DATA (a temporary file prefix).
set -eu
SEED=${SEED:-7}
CELLS=${CELLS:-24000}
EPOCHS=${EPOCHS:-10}
THREADS=${THREADS:-1}
WIDTHS=${WIDTHS:-12,24,32}
HIDDEN=${HIDDEN:-96}
OUT=${OUT:-libs/handwriting/model}
PYTHON=${PYTHON:-/usr/bin/python3}
WORK=$(mktemp -d)
DATA=${DATA:-$WORK/glyphs}
trap 'rm -rf "$WORK"' EXIT
node dist/tools/training/export-glyphs.js --out "$DATA" --cells "$CELLS" --validation-cells 3000 --seed "$SEED"
"$PYTHON" tools/training/train_digits.py --data "$DATA" --out "$OUT" --epochs "$EPOCHS" --seed "$SEED" --threads "$THREADS" --widths "$WIDTHS" --hidden "$HIDDEN"
node dist/tools/train-handwriting.js --from "$OUT" --seed "$SEED"
