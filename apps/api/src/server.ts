import module from 'node:module';

// Starting the store is mostly Node reading, type-stripping and compiling a few thousand modules
// (ours, the dependencies', the storefront build in each render thread). Node keeps what it
// compiled on disk, so a restart (an upgrade, a replaced process, a busy machine) does a third less
// work. Enabled before anything else is imported; the variable carries it into render threads and
// cluster processes. NODE_DISABLE_COMPILE_CACHE=1 turns it off.
const cache = module.enableCompileCache?.();
if (cache?.directory) process.env.NODE_COMPILE_CACHE ??= cache.directory;

await import('./main.ts');
