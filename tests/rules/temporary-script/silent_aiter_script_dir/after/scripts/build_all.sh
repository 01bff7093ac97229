#!/bin/bash
set -e
ninja -C build
