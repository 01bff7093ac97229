#!/bin/bash
echo build
echo again
