import hypothesis
import pytest
