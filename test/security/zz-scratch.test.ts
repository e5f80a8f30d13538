import { it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
const t = useTestApp();
it('prints', async () => {
  console.log(t.app.printRoutes({ commonPrefix: false }));
  const r = await t.app.inject({ method: 'GET', url: '/openapi.json' });
  console.log(
    Object.entries(r.json().paths)
      .map(([p, v]) => `${Object.keys(v as object).join(',')} ${p}`)
      .join('\n'),
  );
});
