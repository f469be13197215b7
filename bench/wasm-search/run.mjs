// Runs a wasm32-wasip1 program under Node's WASI: node run.mjs PROGRAM.wasm [ARGS...].
// (Node 20 marks `node:wasi` experimental; the preview1 interface it provides is stable.)
import { readFile } from 'node:fs/promises';
import { WASI } from 'node:wasi';
import { argv } from 'node:process';

const [file, ...args] = argv.slice(2);
const wasi = new WASI({ version: 'preview1', args: [file, ...args], env: {}, returnOnExit: true });
const module = await WebAssembly.compile(await readFile(file));
const instance = await WebAssembly.instantiate(module, wasi.getImportObject());
process.exitCode = wasi.start(instance);
