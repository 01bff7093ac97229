// expect-file: nth-variant
// c
