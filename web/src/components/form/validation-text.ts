import { messages } from '@geows/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

type MessageKey = keyof typeof messages;
const keyByText = new Map<string, MessageKey>(
  Object.entries(messages).map(([key, text]) => [text, key as MessageKey]),
);

/**
 * The contract's schemas carry the product's English texts (docs/product.md, "Validation");
 * this shows them in the interface language. Other texts (the server's own) stay as they are.
 */
export function useValidationText(): (message: string | undefined) => string | undefined {
  const { t } = useTranslation();
  return useCallback(
    (message) => {
      if (!message) return message;
      const key = keyByText.get(message);
      return key ? t(`validation.${key}`) : message;
    },
    [t],
  );
}
