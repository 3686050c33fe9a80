/**
 * A business operation as a list of named steps (the shape of Medusa's workflows): each reads and
 * adds to one shared state; a step with an effect outside the database transaction names how to
 * undo it. When a step throws, the steps that ran are compensated, last first, and the error goes
 * on; the database steps are undone by their transaction. A new concern (a discount, a gift card,
 * a tax quote) is one more step in the list, not one more branch in a long function.
 */
export interface Step<S> {
  name: string;
  run(state: S): Promise<void>;
  /** Undoes what `run` did outside the transaction (a payment authorised, a label bought). */
  compensate?(state: S): Promise<void>;
}

export interface FlowHooks {
  /** Runs after each step: tests inject a failure there to check every step is undone. */
  afterStep?: (flow: string, step: string) => void | Promise<void>;
  /** A compensation that itself failed (it is logged; the original error is what the caller gets). */
  onCompensationError?: (step: string, err: unknown) => void;
}

/**
 * Runs `steps` in order until one sets `done` on the state, inside `within` (a database
 * transaction: its commit failing counts as a failure too). On a failure the steps that ran are
 * compensated, last first, and the error goes on.
 */
export async function runFlow<S extends { done?: boolean }>(
  flow: string,
  steps: Array<Step<S>>,
  state: S,
  hooks: FlowHooks = {},
  within: (body: () => Promise<void>) => Promise<void> = (body) => body(),
): Promise<S> {
  const ran: Array<Step<S>> = [];
  try {
    await within(async () => {
      for (const step of steps) {
        ran.push(step);
        await step.run(state);
        await hooks.afterStep?.(flow, step.name);
        if (state.done) break;
      }
    });
    return state;
  } catch (err) {
    for (const step of ran.reverse())
      if (step.compensate)
        await step.compensate(state).catch((e: unknown) => hooks.onCompensationError?.(step.name, e));
    throw err;
  }
}
