import os
import re

LIMITS = {"tokens": 4096}
