/**
 * Paired comparisons for the back-test: the mean of per-fixture differences with a Student t
 * confidence interval (the fixtures are the sample; both pickers are scored on the same fixtures).
 */

export interface MeanInterval {
  n: number;
  mean: number;
  /** Sample standard deviation of the differences (n - 1 in the denominator); NaN below 2 values. */
  sd: number;
  /** Half-width of the interval: t(1 - (1 - level) / 2, n - 1) × sd / √n; NaN below 2 values. */
  halfWidth: number;
  low: number;
  high: number;
  level: number;
}

/** ln Γ(x) for x > 0 (Lanczos, g = 7, n = 9). */
function lnGamma(x: number): number {
  const c = [
    0.999_999_999_999_809_9, 676.520_368_121_885_1, -1259.139_216_722_402_8, 771.323_428_777_653_1,
    -176.615_029_162_140_6, 12.507_343_278_686_905, -0.138_571_095_265_720_12, 9.984_369_578_019_572e-6,
    1.505_632_735_149_311_6e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - lnGamma(1 - x);
  const y = x - 1;
  let a = c[0]!;
  const t = y + 7.5;
  for (let i = 1; i < 9; i += 1) a += c[i]! / (y + i);
  return 0.5 * Math.log(2 * Math.PI) + (y + 0.5) * Math.log(t) - t + Math.log(a);
}

/** Continued fraction of the incomplete beta function (modified Lentz). */
function betaFraction(a: number, b: number, x: number): number {
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= 300; m += 1) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const step = d * c;
    h *= step;
    if (Math.abs(step - 1) < 1e-15) break;
  }
  return h;
}

/** The regularised incomplete beta function I_x(a, b). */
function incompleteBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(lnGamma(a + b) - lnGamma(a) - lnGamma(b) + a * Math.log(x) + b * Math.log(1 - x));
  return x < (a + 1) / (a + b + 2) ? (front * betaFraction(a, b, x)) / a : 1 - (front * betaFraction(b, a, 1 - x)) / b;
}

/** P(T ≤ t) for Student's t with `df` degrees of freedom. */
export function studentTCdf(t: number, df: number): number {
  const tail = 0.5 * incompleteBeta(df / (df + t * t), df / 2, 0.5);
  return t >= 0 ? 1 - tail : tail;
}

/** The `p` quantile of Student's t with `df` degrees of freedom (bisection on the CDF). */
export function studentTQuantile(p: number, df: number): number {
  if (!(p > 0 && p < 1) || !(df > 0)) return Number.NaN;
  if (p === 0.5) return 0;
  if (p < 0.5) return -studentTQuantile(1 - p, df);
  let lo = 0;
  let hi = 1;
  while (studentTCdf(hi, df) < p) hi *= 2;
  for (let i = 0; i < 200 && hi - lo > 1e-12 * hi; i += 1) {
    const mid = (lo + hi) / 2;
    if (studentTCdf(mid, df) < p) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** Mean of `values` with its two-sided `level` Student t confidence interval. */
export function meanInterval(values: readonly number[], level = 0.95): MeanInterval {
  const n = values.length;
  const mean = n ? values.reduce((a, b) => a + b, 0) / n : Number.NaN;
  if (n < 2) return { n, mean, sd: Number.NaN, halfWidth: Number.NaN, low: Number.NaN, high: Number.NaN, level };
  const sd = Math.sqrt(values.reduce((a, v) => a + (v - mean) ** 2, 0) / (n - 1));
  const halfWidth = (studentTQuantile(1 - (1 - level) / 2, n - 1) * sd) / Math.sqrt(n);
  return { n, mean, sd, halfWidth, low: mean - halfWidth, high: mean + halfWidth, level };
}

/** Mean of the paired differences a[i] − b[i] with its confidence interval. */
export function pairedDifference(a: readonly number[], b: readonly number[], level = 0.95): MeanInterval {
  if (a.length !== b.length) throw new Error(`paired samples of different sizes: ${a.length} and ${b.length}`);
  return meanInterval(
    a.map((x, i) => x - b[i]!),
    level,
  );
}
