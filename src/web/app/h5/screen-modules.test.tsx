import { describe, expect, it } from 'vitest';
import { SHELL_ROUTES } from '../../../shared/shell-routes.ts';
import { h5Screens } from './router.tsx';

/**
 * The build preloads, for each H5 path, the module `SHELL_ROUTES` names (decision 027). Named wrongly,
 * the page would fetch another screen's code and still wait for its own: the router is the truth.
 */
const pages = import.meta.glob('../../features/*/*-page.tsx');

describe('screen modules named for the build', () => {
  it.each(SHELL_ROUTES.filter((r) => r.shell === 'h5'))(
    '$path names the module its router loads',
    async (route) => {
      const screen = h5Screens.find((s) => s.path === route.path);
      expect(screen, 'the router has this screen').toBeDefined();
      expect(route.module, 'SHELL_ROUTES names its module').toBeDefined();
      const load = pages[`../../${route.module}`];
      expect(load, `${route.module} exists`).toBeDefined();
      const module = (await load!()) as Record<string, unknown>;
      expect(Object.values(module)).toContain(await screen!.load());
    },
  );
});
