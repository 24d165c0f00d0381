import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiResponse } from '@haat/shared/api';
import type { LoginInput, LoginWithCodeInput, MobileOtpVerifyInput, OtpSent, TokenPair } from '@haat/shared/schemas/auth';
import { request } from '@/lib/api';
import { completeLogin } from '@/state/login';
import { currentUserQuery } from '@/state/user';
import { queryKeys } from '@/lib/queryKeys';

export const loginUser = (input: LoginInput) =>
  request<TokenPair>('user/login', { method: 'POST', body: input });

/** PUT user/login-with-code: the e-mailed one-time code instead of the password (decision 0045). */
export const loginWithCode = (input: LoginWithCodeInput) =>
  request<TokenPair>('user/login-with-code', { method: 'PUT', body: input });

/** POST user/otp/send: texts a 6-digit sign-in code to the mobile (decision 0061). */
export const sendMobileLoginCode = (mobile: string) => request<OtpSent>('user/otp/send', { method: 'POST', body: { mobile } });

/** POST user/otp/verify: the mobile and the texted code; answers the tokens like user/login. */
export const loginWithMobile = (input: MobileOtpVerifyInput) => request<TokenPair>('user/otp/verify', { method: 'POST', body: input });

/** Gets the tokens one way or the other, runs the login transition (spec §4) and loads the user. */
function useSignIn<I>(getTokens: (input: I) => Promise<ApiResponse<TokenPair>>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: I) => {
      const res = await getTokens(input);
      await completeLogin(res.data.access_token, res.data.refresh_token);
      // Whatever a guest had cached (addresses, cart) is stale now.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== queryKeys.user[0] });
      // The signed-in user comes back too: the login page sends an admin to the dashboard.
      const user = await queryClient.fetchQuery({ ...currentUserQuery, staleTime: 0 });
      return { ...res, user };
    },
  });
}

/** Signs in with e-mail and password. */
export const useLogin = () => useSignIn(loginUser);

/** Signs in with e-mail and the code sent to it. */
export const useLoginWithCode = () => useSignIn(loginWithCode);

/** Signs in with a mobile and the code texted to it; the guest cart is merged as at e-mail login. */
export const useLoginWithMobile = () => useSignIn(loginWithMobile);
