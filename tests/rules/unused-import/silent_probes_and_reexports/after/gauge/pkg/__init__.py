from gauge.pkg.core import scale
