#!/usr/bin/env node
// Thin launcher: the CLI lives in the compiled sources (npm run build).
import { run } from '../dist/cli/main.js';
run(process.argv.slice(2));
