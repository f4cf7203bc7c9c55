// One model thread: TensorFlow.js on its WebAssembly backend, each model read once from
// node_modules and kept, then run on the tensors the main thread sends. It imports npm packages
// only, so Node runs it as it is (types stripped) from the sources and from the server's bundle.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { setPriority } from 'node:os';
import { dirname, join } from 'node:path';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import * as tfc from '@tensorflow/tfjs-converter';
import * as tf from '@tensorflow/tfjs-core';
import type { ModelOutput, ModelRun, ModelRunResult, TensorInput } from './protocol.ts';

/** Finds files in node_modules (named so as not to clash with the bundle's own `require`). */
const packageFiles = createRequire(import.meta.url);
/** Below the server's own threads (0), above nothing else's idle work (19). */
const INFERENCE_NICENESS = 10;

// Inference yields the CPU to the event loop: on Linux a priority set from a thread is that
// thread's alone, so the server keeps answering while a model runs on a busy machine.
setPriority(INFERENCE_NICENESS);

/** The backend, started once: its .wasm files are read from the package, nothing is downloaded. */
const ready = (async () => {
  setWasmPaths(`${join(dirname(packageFiles.resolve('@tensorflow/tfjs-backend-wasm/package.json')), 'dist')}/`);
  // One thread per worker: the pool's size is the parallelism, bounded by the job concurrency.
  tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
  await tf.setBackend('wasm');
  await tf.ready();
})();

const models = new Map<string, Promise<tfc.GraphModel>>();

async function loadModel(file: string): Promise<tfc.GraphModel> {
  const path = packageFiles.resolve(file);
  const artifacts = JSON.parse(await readFile(path, 'utf8')) as {
    modelTopology: object;
    weightsManifest: { paths: string[]; weights: tf.io.WeightsManifestEntry[] }[];
    signature?: object;
    userDefinedMetadata?: { signature?: object };
  };
  const weightSpecs = artifacts.weightsManifest.flatMap((group) => group.weights);
  const shards = await Promise.all(artifacts.weightsManifest.flatMap((group) => group.paths).map((shard) => readFile(join(dirname(path), shard))));
  const weights = Buffer.concat(shards);
  const handler = tf.io.fromMemory({
    modelTopology: artifacts.modelTopology,
    // Some converted models keep their input and output names under the user's metadata.
    signature: artifacts.signature ?? artifacts.userDefinedMetadata?.signature,
    weightSpecs,
    weightData: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength),
  });
  return tfc.loadGraphModel(handler);
}

function modelFor(file: string): Promise<tfc.GraphModel> {
  let model = models.get(file);
  if (!model) {
    model = loadModel(file);
    models.set(file, model);
    // A failed load is not kept: the next run tries again.
    model.catch(() => models.delete(file));
  }
  return model;
}

/** Models with control flow or dynamic shapes (RVM) must run asynchronously; the others run faster at once. */
const asynchronous = new Set<string>();

async function execute(file: string, model: tfc.GraphModel, inputs: tf.NamedTensorMap, outputs: string[]): Promise<tf.Tensor | tf.Tensor[]> {
  if (!asynchronous.has(file)) {
    try {
      return model.execute(inputs, outputs);
    } catch (error) {
      if (!(error instanceof Error && error.message.includes('executeAsync'))) throw error;
      asynchronous.add(file);
    }
  }
  return model.executeAsync(inputs, outputs);
}

function toTensor(input: TensorInput): tf.Tensor {
  if (input.pixels) {
    const { data, shape, scale, offset = 0 } = input.pixels;
    const integers = tf.tensor(Int32Array.from(data), shape, 'int32');
    if (scale === undefined) return integers;
    const normalised = tf.tidy(() => tf.add(tf.mul(tf.cast(integers, 'float32'), scale), offset));
    integers.dispose();
    return normalised;
  }
  return tf.tensor(input.values, input.shape, 'float32');
}

async function readOutput(tensor: tf.Tensor, asBytes: boolean): Promise<ModelOutput> {
  if (!asBytes) return { shape: tensor.shape, data: (await tensor.data()) as Float32Array };
  const bytes = tf.tidy(() => tf.cast(tf.round(tf.mul(tf.clipByValue(tensor, 0, 1), 255)), 'int32'));
  const data = Uint8Array.from((await bytes.data()) as Int32Array);
  bytes.dispose();
  return { shape: tensor.shape, data };
}

/** Loads the model if this thread has not yet, runs it, and returns the outputs asked for. */
export default async function run(request: ModelRun): Promise<ModelRunResult> {
  await ready;
  const started = performance.now();
  const model = await modelFor(request.model);
  const loaded = performance.now();
  const inputs = Object.fromEntries(Object.entries(request.inputs).map(([name, input]) => [name, toTensor(input)]));
  try {
    const produced = await execute(request.model, model, inputs, request.outputs);
    const tensors = Array.isArray(produced) ? produced : [produced];
    try {
      const outputs: Record<string, ModelOutput> = {};
      for (const [index, name] of request.outputs.entries()) {
        const tensor = tensors[index];
        if (tensor) outputs[name] = await readOutput(tensor, request.bytes?.includes(name) ?? false);
      }
      return { outputs, loadMs: loaded - started, runMs: performance.now() - loaded };
    } finally {
      tf.dispose(tensors);
    }
  } finally {
    tf.dispose(Object.values(inputs));
  }
}
