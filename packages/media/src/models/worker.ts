// One model thread: TensorFlow.js on its WebAssembly backend, each model read once from
// node_modules and kept, then run on the tensors the main thread sends. It imports npm packages
// only, so Node runs it as it is (types stripped) from the sources and from the server's bundle.
import { readFile } from 'node:fs/promises';
import { createRequire, findPackageJSON } from 'node:module';
import { setPriority } from 'node:os';
import { dirname, join } from 'node:path';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import * as tfc from '@tensorflow/tfjs-converter';
import * as tf from '@tensorflow/tfjs-core';
import * as tfl from '@tensorflow/tfjs-layers';
import type { ModelOutput, ModelRun, ModelRunResult, TensorInput } from './protocol.ts';
import { BACKGROUND_NICENESS } from '../threads/priority.ts';

/** Finds files in node_modules (named so as not to clash with the bundle's own `require`). */
const packageFiles = createRequire(import.meta.url);

// Inference yields the CPU to the event loop.
setPriority(BACKGROUND_NICENESS);

/** The backend, started once: its .wasm files are read from the package, nothing is downloaded. */
const ready = (async () => {
  setWasmPaths(`${join(dirname(packageFiles.resolve('@tensorflow/tfjs-backend-wasm/package.json')), 'dist')}/`);
  // One thread per worker: the pool's size is the parallelism, bounded by the job concurrency. (The
  // backend's threaded binary cannot start in Node: its pthreads are Blob URLs, which Node's workers
  // refuse; a large picture's tiles use all of the pool's threads instead, see super-resolution.ts.)
  tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
  await tf.setBackend('wasm');
  await tf.ready();
})();

/** A converted TensorFlow graph, or a Keras model of standard layers (ESRGAN). */
type Model = tfc.GraphModel | tfl.LayersModel;

const models = new Map<string, Promise<Model>>();

/**
 * A file inside a package, found from the package's root: some packages (@upscalerjs/esrgan-*)
 * export only their code, so their model files cannot be resolved by name.
 */
function packageFile(file: string): string {
  const parts = file.split('/');
  const nameLength = file.startsWith('@') ? 2 : 1;
  const manifest = findPackageJSON(parts.slice(0, nameLength).join('/'), import.meta.url);
  if (!manifest) throw new Error(`The package of ${file} is not installed.`);
  return join(dirname(manifest), ...parts.slice(nameLength));
}

async function loadModel(file: string): Promise<Model> {
  const path = packageFile(file);
  const artifacts = JSON.parse(await readFile(path, 'utf8')) as {
    format?: string;
    modelTopology: object;
    weightsManifest: { paths: string[]; weights: tf.io.WeightsManifestEntry[] }[];
    signature?: object;
    userDefinedMetadata?: { signature?: object };
  };
  const weightSpecs = artifacts.weightsManifest.flatMap((group) => group.weights);
  const shards = await Promise.all(
    artifacts.weightsManifest.flatMap((group) => group.paths).map((shard) => readFile(join(dirname(path), shard))),
  );
  const weights = Buffer.concat(shards);
  const handler = tf.io.fromMemory({
    modelTopology: artifacts.modelTopology,
    // Some converted models keep their input and output names under the user's metadata.
    signature: artifacts.signature ?? artifacts.userDefinedMetadata?.signature,
    weightSpecs,
    weightData: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength),
  });
  return artifacts.format === 'layers-model' ? tfl.loadLayersModel(handler) : tfc.loadGraphModel(handler);
}

function modelFor(file: string): Promise<Model> {
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

async function execute(
  file: string,
  model: Model,
  inputs: tf.NamedTensorMap,
  outputs: string[],
): Promise<tf.Tensor | tf.Tensor[]> {
  // A layers model computes all of its outputs, in the order of its output layers.
  if (model instanceof tfl.LayersModel) {
    return model.predict(
      model.inputNames.map((name) => {
        const input = inputs[name];
        if (!input) throw new Error(`The model's input ${name} was not given.`);
        return input;
      }),
    );
  }
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

async function readOutput(tensor: tf.Tensor, asBytes: boolean, range: number): Promise<ModelOutput> {
  if (!asBytes) return { shape: tensor.shape, data: (await tensor.data()) as Float32Array };
  const bytes = tf.tidy(() => tf.cast(tf.round(tf.mul(tf.clipByValue(tensor, 0, range), 255 / range)), 'int32'));
  const data = Uint8Array.from((await bytes.data()) as Int32Array);
  bytes.dispose();
  return { shape: tensor.shape, data };
}

/** Loads the model if this thread has not yet, runs it, and returns the outputs asked for. */
export default async function run(request: ModelRun): Promise<ModelRunResult> {
  await ready;
  const cpuAtStart = process.threadCpuUsage();
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
        if (tensor)
          outputs[name] = await readOutput(tensor, request.bytes?.includes(name) ?? false, request.range ?? 1);
      }
      const cpu = process.threadCpuUsage(cpuAtStart);
      return {
        outputs,
        loadMs: loaded - started,
        runMs: performance.now() - loaded,
        cpuMs: (cpu.user + cpu.system) / 1000,
      };
    } finally {
      tf.dispose(tensors);
    }
  } finally {
    tf.dispose(Object.values(inputs));
  }
}
