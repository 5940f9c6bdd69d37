import {
  useMutation,
  type DefaultError,
  type UseMutationOptions,
  type UseMutationResult,
} from '@tanstack/react-query';
import { useNotify } from './toast';
import { failureMessage } from './dialog/failure';

export type NotifyingMutationOptions<TData, TError, TVariables, TOnMutateResult> = UseMutationOptions<
  TData,
  TError,
  TVariables,
  TOnMutateResult
> & {
  /** The success toast (the spec's text); none when absent. */
  success?: string | ((data: TData, variables: TVariables) => string);
  /**
   * The error toast: the server's message by default; a fixed text or a function of the error; `false` for
   * none (the caller shows the failure itself, e.g. inside its dialog).
   */
  error?: false | string | ((error: TError, variables: TVariables) => string);
};

/**
 * TanStack Query's `useMutation` that announces its outcome: a success toast with the spec's text and an
 * error toast with the server's message. The caller's own onSuccess / onError / onSettled still run after.
 * Returns the mutation (use `mutate` to fire and forget, `mutateAsync` where the caller awaits it).
 */
export function useNotifyingMutation<
  TData = unknown,
  TError = DefaultError,
  TVariables = void,
  TOnMutateResult = unknown,
>({
  success,
  error,
  onSuccess,
  onError,
  ...options
}: NotifyingMutationOptions<TData, TError, TVariables, TOnMutateResult>): UseMutationResult<
  TData,
  TError,
  TVariables,
  TOnMutateResult
> {
  const notify = useNotify();
  return useMutation<TData, TError, TVariables, TOnMutateResult>({
    ...options,
    onSuccess: (data, variables, onMutateResult, context) => {
      if (success !== undefined)
        notify.success(typeof success === 'function' ? success(data, variables) : success);
      return onSuccess?.(data, variables, onMutateResult, context);
    },
    onError: (e, variables, onMutateResult, context) => {
      if (error !== false)
        notify.error(
          error === undefined ? failureMessage(e) : typeof error === 'function' ? error(e, variables) : error,
        );
      return onError?.(e, variables, onMutateResult, context);
    },
  });
}
