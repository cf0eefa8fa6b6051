import { useState } from 'react';
import { authErrorMessage, type AuthAction } from '../utils/authErrorMessage';

/** A form's submit: tracks the pending state and turns a failure into the text the form shows. */
export const useAuthSubmit = <T>(action: AuthAction, run: (values: T) => Promise<void>) => {
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (values: T) => {
    setSubmitting(true);
    setError(null);
    try {
      await run(values);
    } catch (failure) {
      setError(authErrorMessage(failure, action));
    } finally {
      setSubmitting(false);
    }
  };

  return { error, setError, submitting, submit };
};
