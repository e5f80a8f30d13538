import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { SignInPage } from '../pages/SignInPage.tsx';
import { rootRoute } from './root.tsx';
import { returnTo, searchSchema, text } from './search.ts';

/** Sign in; `error` says why a session ended ("ended"), `return_to` where to go after. */
export const signInRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/sign-in',
  validateSearch: searchSchema({ return_to: returnTo, error: text(40) }),
  component: SignInPage,
});

const tokenSearch = searchSchema({ token: text(400) });
const SetPasswordPage = lazyRouteComponent(() => import('../pages/SetPasswordPage.tsx'), 'SetPasswordPage');

/** The links of invitation and reset emails (the service's emails name these paths). */
export const setPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/set-password',
  validateSearch: tokenSearch,
  component: SetPasswordPage,
});
export const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/reset-password',
  validateSearch: tokenSearch,
  component: SetPasswordPage,
});

export const forgotPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/forgot-password',
  component: lazyRouteComponent(() => import('../pages/ForgotPasswordPage.tsx'), 'ForgotPasswordPage'),
});
