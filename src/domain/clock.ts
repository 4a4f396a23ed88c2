/**
 * The one notion of "now": every part receives a Clock as an argument, and only main.ts hands out
 * the system's. Tests pass a fixed or stepping one, so "3 min (08:12)" and due times are testable.
 */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

/** A clock frozen at one instant, or stepped by the test that holds it. */
export function fixedClock(at: Date | string | number): Clock & { set(to: Date | string | number): void; advance(ms: number): void } {
  let current = new Date(at).getTime();
  const clock = () => new Date(current);
  clock.set = (to: Date | string | number) => {
    current = new Date(to).getTime();
  };
  clock.advance = (ms: number) => {
    current += ms;
  };
  return clock;
}
