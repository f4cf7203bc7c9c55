/**
 * 3×3 convolution kernels, row-major. Sharpening, relief and ink-line effects are all "identity plus
 * a zero-sum detail kernel", so they weaken exactly with intensity and several of them add up into
 * one 3×3 kernel, which sharp applies in one `convolve` (a 5×5 one would cost four times as much).
 */
export type Kernel = readonly number[];

const IDENTITY_VALUES = [0, 0, 0, 0, 1, 0, 0, 0, 0];

export const IDENTITY_KERNEL: Kernel = IDENTITY_VALUES;

/** Zero-sum detail kernels, scaled by the caller. */
const LAPLACIAN = [0, -1, 0, -1, 4, -1, 0, -1, 0];

function identityPlus(detail: readonly number[], amount: number): Kernel {
  return IDENTITY_VALUES.map((value, index) => value + amount * (detail[index] ?? 0));
}

/** Crisper edges; 0 leaves the image as it is, 1 is strong. */
export function sharpening(amount: number): Kernel {
  return identityPlus(LAPLACIAN, amount);
}

/** Both kernels' details on one identity. */
export function addKernels(a: Kernel, b: Kernel): Kernel {
  return IDENTITY_VALUES.map((value, index) => (a[index] ?? value) + (b[index] ?? value) - value);
}

/** The kernel at `amount` of its effect: identity + amount × (kernel − identity). */
export function weakenKernel(kernel: Kernel, amount: number): Kernel {
  return IDENTITY_VALUES.map((value, index) => value + amount * ((kernel[index] ?? value) - value));
}

export function isIdentityKernel(kernel: Kernel): boolean {
  return IDENTITY_VALUES.every((value, index) => Math.abs((kernel[index] ?? value) - value) < 1e-6);
}
