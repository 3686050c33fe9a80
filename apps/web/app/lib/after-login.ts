type Hook = () => Promise<void> | void;
const hooks = new Set<Hook>();

/** Features that must react to a sign-in (the cart merges the visitor's lines) register here. */
export const onLogin = (hook: Hook) => {
  hooks.add(hook);
  return () => hooks.delete(hook);
};
export async function afterLogin(): Promise<void> {
  for (const h of hooks) {
    try {
      await h();
    } catch (err) {
      console.error(err);
    }
  }
}
