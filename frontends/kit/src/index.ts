// Public surface of @civic/frontend-kit, the federation singleton shared by the shell and every micro-frontend.
export { ApiError, isUnauthorizedError, serverMessageOf, throwIfResponseNotOk } from './api/api-error.ts';
export { isActivityQuery, isActivityQueryKey } from './api/activity-queries.ts';
export { apiRequest, apiRequestJson, clearCsrfToken, ensureCsrfToken, type HttpMethod, type RequestOptions } from './api/api-client.ts';
export { getQueryFn, queryClient, queryKeyToPath } from './api/query-client.ts';
export { type CitizenSettings, DEFAULT_CITIZEN_SETTINGS, PLATFORM_SETTINGS_QUERY_KEY, usePlatformSettings } from './api/platform-settings-queries.ts';
export { type BalanceAnswer, cachedBalance, rereadBalance, setBalance } from './auth/set-balance.ts';
export { isAwaitingApproval } from './auth/approval.ts';
export { hasSession, readAuthState, subscribeAuthState, type AuthState } from './auth/auth-state.ts';
export { watchSessionEnd } from './auth/session-end.ts';
export {
  CURRENT_USER_QUERY_KEY,
  currentUserQueryOptions,
  fetchCurrentUser,
  loadCurrentUser,
  type CurrentUser,
} from './auth/current-user.ts';
export { signOut } from './auth/sign-out.ts';
export { useAuth, type AuthInfo } from './auth/use-auth.ts';
export { displayNameOf, formatPoliticalCapital } from './auth/user-display.ts';
export { loadRemoteModule, provideRemoteModuleLoader, type RemoteModuleLoader } from './federation/remote-modules.ts';
export { RemotePart } from './federation/remote-part.tsx';
export { SiteFooter } from './features/footer/site-footer.tsx';
export { AppLink } from './features/navigation/app-link.tsx';
export { navigateTo } from './features/navigation/navigate.ts';
export { useCurrentPath } from './features/navigation/use-current-path.ts';
export { NOT_FOUND_TITLE, NotFoundPage } from './features/not-found/not-found-page.tsx';
export { NAME_PROMPT_TITLE } from './features/name-prompt/name-prompt-title.ts';
export { verifyMagicLinkToken } from './features/sign-in/sign-in-api.ts';
export { rememberRecruiterRef } from './features/sign-in/recruiter-ref.ts';
export {
  closeSignInDialog,
  markSignInRedirectPending,
  openSignInDialog,
} from './features/sign-in/sign-in-dialog-store.ts';
export { ageText } from './lib/age-text.ts';
export { cn } from './lib/cn.ts';
export { downloadJson, downloadText, fileNameTimestamp } from './lib/download-json.ts';
export { randomUuid } from './lib/random-uuid.ts';
export { useDebounced } from './lib/use-debounced.ts';
export {
  awaitingApprovalApplication,
  footerApplication,
  navbarApplication,
  notFoundApplication,
  overlaysApplication,
} from './single-spa/chrome-applications.tsx';
export {
  createMicroFrontendLifecycles,
  type ApplicationProps,
  type MicroFrontendLifecycles,
} from './single-spa/create-lifecycles.tsx';
export { AreaRoot, usePortalContainer } from './single-spa/area-root.tsx';
export { KitProviders } from './single-spa/kit-providers.tsx';
export { MicroFrontendError } from './single-spa/micro-frontend-error.tsx';
export { dismissToast, toast, type ToastInput, type ToastVariant } from './toast/toast-store.ts';
export { useToast } from './toast/use-toast.ts';
export { Alert } from './ui/alert.tsx';
export { RegistrationNotice } from './features/sign-in/registration-notice.tsx';
export {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogTrigger,
} from './ui/alert-dialog.tsx';
export { Button, type ButtonProps } from './ui/button.tsx';
export { Card } from './ui/card.tsx';
export { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from './ui/dialog.tsx';
export { Input } from './ui/input.tsx';
export { Label } from './ui/label.tsx';
export { Switch, type SwitchProps } from './ui/switch.tsx';
export { Tabs, TabsContent, TabsList, TabsTrigger } from './ui/tabs.tsx';
