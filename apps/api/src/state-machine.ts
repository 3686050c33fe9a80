import { Conflict } from './errors.ts';

/**
 * A record's statuses and the moves allowed between them (an order, a return, a service ticket),
 * with the words staff read when a move is refused. Every step that changes a status asks it first:
 * the record is locked, still at the version the member saw, and allowed to go where the step goes.
 */
export interface StateMachine<S extends string> {
  /** Whether `from` may go to `to`. */
  can(from: S, to: S): boolean;
  /** Refuses a move the machine does not allow: "A return that is received cannot be refunded." */
  check(from: S, to: S, refused?: string): void;
  /** Refuses a record changed since the member read it (another tab, another member). */
  fresh(version: number, seen: number): void;
}

export function stateMachine<S extends string>(spec: {
  /** "order", "return", "ticket". */
  noun: string;
  labels: Record<S, string>;
  moves: Record<S, readonly S[]>;
  /** What a member is told when someone else changed the record first. */
  stale: string;
}): StateMachine<S> {
  const article = /^[aeiou]/i.test(spec.noun) ? 'An' : 'A';
  const can = (from: S, to: S) => spec.moves[from]?.includes(to) ?? false;
  return {
    can,
    check(from, to, refused = `become ${spec.labels[to].toLowerCase()}`) {
      if (!can(from, to))
        throw new Conflict(`${article} ${spec.noun} that is ${spec.labels[from].toLowerCase()} cannot ${refused}.`);
    },
    fresh(version, seen) {
      if (version !== seen) throw new Conflict(spec.stale);
    },
  };
}
