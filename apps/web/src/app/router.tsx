import { createBrowserRouter, type RouteObject } from '@/lib/router/index.ts';
import { paths } from '@/lib/paths.ts';
import { adminRoutes } from './admin-routes.tsx';
import { insideDashboard, page } from './route-parts.tsx';
import { NotFoundPage } from './routes/not-found.tsx';
import { AliasRedirect, GuestOnly, RequireSession } from './routes/guards.tsx';
import { RootLayout } from './routes/root-layout.tsx';
import { PageError, RouteError } from './routes/route-error.tsx';
import { BlankLoading, ShellSkeleton } from './routes/shell-skeleton.tsx';

const loadFrames = () => import('./routes/session-frames.tsx');

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: BlankLoading,
    children: [
      // a visit to `/` gets the landing rendered at build (landing.html, src/landing.tsx); this is for
      // moving there inside the app
      {
        index: true,
        lazy: page(
          () => import('./routes/landing-route.tsx'),
          (m) => m.LandingRoute,
        ),
      },
      {
        element: <GuestOnly />,
        children: [
          {
            path: paths.login,
            caseSensitive: true,
            lazy: page(
              () => import('@/features/auth/components/login-page.tsx'),
              (m) => m.LoginPage,
            ),
          },
          {
            path: paths.signup,
            caseSensitive: true,
            lazy: page(
              () => import('@/features/auth/components/register-page.tsx'),
              (m) => m.SignUpPage,
            ),
          },
        ],
      },
      {
        path: paths.forgotPassword,
        caseSensitive: true,
        lazy: page(
          () => import('@/features/auth/components/forgot-password-page.tsx'),
          (m) => m.ForgotPasswordPage,
        ),
      },
      {
        path: paths.resetPassword,
        caseSensitive: true,
        lazy: page(
          () => import('@/features/auth/components/reset-password-page.tsx'),
          (m) => m.ResetPasswordPage,
        ),
      },
      {
        // the mailed link confirming a new email works signed in or out, on any phone
        path: paths.confirmEmail,
        caseSensitive: true,
        lazy: page(
          () => import('@/features/profile/components/confirm-email-page.tsx'),
          (m) => m.ConfirmEmailPage,
        ),
      },
      {
        path: paths.adminLogin,
        caseSensitive: true,
        lazy: page(
          () => import('@/features/auth/components/login-page.tsx'),
          (m) => m.AdminLoginPage,
        ),
      },
      {
        path: paths.adminRegister,
        caseSensitive: true,
        lazy: page(
          () => import('@/features/auth/components/register-page.tsx'),
          (m) => m.AdminRegisterPage,
        ),
      },
      {
        // readable without signing in: the landing frame for visitors, the dashboard for users
        path: paths.dataPricing,
        caseSensitive: true,
        lazy: page(loadFrames, (m) => m.PublicOrDashboard),
        HydrateFallback: BlankLoading,
        children: [
          {
            index: true,
            ErrorBoundary: PageError,
            lazy: page(
              () => import('@/features/catalog/components/data-pricing-page.tsx'),
              (m) => m.DataPricingPage,
            ),
          },
        ],
      },
      {
        // the mailed change-pin link works signed out
        path: paths.changePin,
        caseSensitive: true,
        lazy: page(loadFrames, (m) => m.TokenOrDashboard),
        HydrateFallback: ShellSkeleton,
        children: [
          {
            index: true,
            ErrorBoundary: PageError,
            lazy: page(
              () => import('@/features/profile/components/change-pin-page.tsx'),
              (m) => m.ChangePinPage,
            ),
          },
        ],
      },
      {
        element: <RequireSession signedOutTo={paths.login} />,
        children: [
          insideDashboard([
            {
              path: paths.dashboard,
              caseSensitive: true,
              lazy: page(
                () => import('@/features/dashboard/components/dashboard-page.tsx'),
                (m) => m.DashboardPage,
              ),
            },
            {
              path: paths.buy,
              caseSensitive: true,
              lazy: page(
                () => import('@/features/dashboard/components/buy-page.tsx'),
                (m) => m.BuyPage,
              ),
            },
            {
              path: paths.account,
              caseSensitive: true,
              lazy: page(
                () => import('@/features/dashboard/components/account-page.tsx'),
                (m) => m.AccountPage,
              ),
            },
            {
              path: paths.airtime,
              caseSensitive: true,
              lazy: page(
                () => import('@/features/purchases/components/airtime-page.tsx'),
                (m) => m.AirtimePage,
              ),
            },
            {
              path: paths.data,
              caseSensitive: true,
              lazy: page(
                () => import('@/features/purchases/components/data-page.tsx'),
                (m) => m.DataPage,
              ),
            },
            {
              path: paths.fundWallet,
              caseSensitive: true,
              lazy: page(
                () => import('@/features/funding/components/fund-wallet-page.tsx'),
                (m) => m.FundWalletPage,
              ),
            },
            {
              path: paths.wallet,
              caseSensitive: true,
              lazy: page(
                () => import('@/features/wallet/components/wallet-page.tsx'),
                (m) => m.WalletPage,
              ),
            },
            {
              path: paths.dstv,
              caseSensitive: true,
              lazy: page(
                () => import('./routes/dstv-page.tsx'),
                (m) => m.DstvRoutePage,
              ),
            },
            {
              path: paths.gotv,
              caseSensitive: true,
              lazy: page(
                () => import('@/features/purchases/components/tv-page.tsx'),
                (m) => m.GotvPage,
              ),
            },
            {
              path: paths.startimes,
              caseSensitive: true,
              lazy: page(
                () => import('@/features/purchases/components/tv-page.tsx'),
                (m) => m.StartimesPage,
              ),
            },
            {
              path: paths.showmax,
              caseSensitive: true,
              lazy: page(
                () => import('@/features/purchases/components/showmax-page.tsx'),
                (m) => m.ShowmaxPage,
              ),
            },
            {
              path: paths.electricity,
              caseSensitive: true,
              lazy: page(
                () => import('@/features/purchases/components/electricity-page.tsx'),
                (m) => m.ElectricityPage,
              ),
            },
            {
              path: paths.examPins,
              caseSensitive: true,
              lazy: page(
                () => import('@/features/purchases/components/exam-pins-page.tsx'),
                (m) => m.ExamPinsPage,
              ),
            },
            {
              path: paths.profile,
              caseSensitive: true,
              lazy: page(
                () => import('./routes/profile-route.tsx'),
                (m) => m.ProfileRoute,
              ),
            },
            {
              path: paths.transactions,
              caseSensitive: true,
              lazy: page(
                () => import('@/features/transactions/components/transactions-page.tsx'),
                (m) => m.TransactionsPage,
              ),
            },
            {
              path: paths.transactionReceipt,
              caseSensitive: true,
              lazy: page(
                () => import('@/features/transactions/components/transaction-receipt-page.tsx'),
                (m) => m.TransactionReceiptPage,
              ),
            },
            {
              path: paths.notifications,
              caseSensitive: true,
              lazy: page(
                () => import('@/features/notifications/components/notifications-page.tsx'),
                (m) => m.NotificationsPage,
              ),
            },
            {
              path: paths.refer,
              caseSensitive: true,
              lazy: page(
                () => import('@/features/referrals/components/referrals-page.tsx'),
                (m) => m.ReferralsPage,
              ),
            },
            {
              path: paths.beneficiaries,
              caseSensitive: true,
              lazy: page(
                () => import('@/features/beneficiaries/components/beneficiaries-page.tsx'),
                (m) => m.BeneficiariesPage,
              ),
            },
          ]),
          {
            // the spec's second referral screen: the panel alone, without the dashboard around it
            path: paths.referer,
            caseSensitive: true,
            HydrateFallback: BlankLoading,
            lazy: page(
              () => import('@/features/referrals/components/referrals-page.tsx'),
              (m) => m.ReferralPanelPage,
            ),
          },
        ],
      },
      adminRoutes,
      {
        // anything else: an old route or sidebar target redirects to its page; otherwise a
        // signed-out visitor goes home and a signed-in one sees "not found" inside the dashboard
        element: <AliasRedirect />,
        children: [
          {
            element: <RequireSession signedOutTo={paths.landing} />,
            children: [insideDashboard([{ path: '*', Component: NotFoundPage }])],
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
