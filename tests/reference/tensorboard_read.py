"""Opens a run folder's event files with TensorBoard's own reader (tests/integration/test_train_cli).

Runs in the virtual environment of packaging/setup-venv.sh, where the real `tensorboard` package
is installed. Prints {"tensorboard": VERSION, "scalars": {tag: [[step, value], ...]}} as JSON.

Usage: tensorboard_read.py RUN_DIR
"""
import json
import sys

import tensorboard
from tensorboard.backend.event_processing import event_accumulator


def main():
    acc = event_accumulator.EventAccumulator(sys.argv[1], size_guidance={event_accumulator.SCALARS: 0})
    acc.Reload()
    scalars = {tag: [[e.step, e.value] for e in acc.Scalars(tag)] for tag in acc.Tags()["scalars"]}
    print(json.dumps({"tensorboard": tensorboard.__version__, "scalars": scalars}))


if __name__ == "__main__":
    main()
