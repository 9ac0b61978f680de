// Ads API times: "always returned in UTC … (Z at the end)", second precision (seed; notes §1).

export function adsTime(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19) + 'Z';
}

export function adsTimeOrNull(ms: number | null | undefined): string | null {
  return ms === null || ms === undefined ? null : adsTime(ms);
}
