#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""Renders a LAVA device dictionary the way lava-server does before it
hands a job to a worker (lava_scheduler_app's Device.load_configuration):
a sandboxed Jinja2 environment over the devices and device types
directories, trim_blocks, no autoescape, the job's context as the
template's variables. The result is the device.yaml lava-run takes.

usage: device.py DEVICE_TYPES_DIR DEVICE.jinja2 JOB.yaml OUT.yaml
"""

import os
import sys

import yaml
from jinja2 import FileSystemLoader
from jinja2.sandbox import SandboxedEnvironment


def main():
    if len(sys.argv) != 5:
        sys.exit(__doc__.split("\n\n")[-1].strip())
    device_types, device, job, out = sys.argv[1:]
    with open(job, encoding="utf-8") as f:
        context = yaml.safe_load(f).get("context", {})
    env = SandboxedEnvironment(
        loader=FileSystemLoader([os.path.dirname(device), device_types]),
        autoescape=False,
        trim_blocks=True,
    )
    rendered = env.get_template(os.path.basename(device)).render(**context)
    yaml.safe_load(rendered)  # what the server checks before storing it
    with open(out, "w", encoding="utf-8") as f:
        f.write(rendered)


if __name__ == "__main__":
    main()
