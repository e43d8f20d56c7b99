import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@fantasy-cricket/ui';
import { TEAM_RULE_LIMITS } from '@fantasy-cricket/rules';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { useSetFixturePriceMutation } from '../../../data/operator/set-fixture-price-mutation';
import type { FixturePrice } from '../../../data/operator/types';
import { errorNotificationText, notifyError, notifySuccess } from '../../../shared/notify';
import * as styles from './prices.css';
import { type PriceValues, priceSchema, priceText } from './schema';

const { min, max, step } = TEAM_RULE_LIMITS.price;

export interface PriceEditorProps {
  fixtureId: number;
  player: FixturePrice;
}

/**
 * One player's price: a number field (step 0.5) and Save, a small form of its own so Enter in the
 * field saves. The price is checked before it is sent; a refusal (the server's message) shows under
 * the field, which takes the focus, and in the notification. After a save the list is reloaded and
 * the field shows the stored price.
 */
export function PriceEditor({ fixtureId, player }: PriceEditorProps) {
  const save = useSetFixturePriceMutation();
  const errorId = `price-error-${useId()}`;
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PriceValues>({ resolver: zodResolver(priceSchema), defaultValues: { price: priceText(player.Price) } });

  // The reloaded price (this operator's or another's) replaces what the field held.
  useEffect(() => reset({ price: priceText(player.Price) }), [player.Price, reset]);

  const onSave = async ({ price }: PriceValues) => {
    try {
      const stored = await save.mutateAsync({ fixtureId, body: { PlayerID: player.PlayerID, Price: Number(price) } });
      notifySuccess(`${stored.PlayerName}: ${priceText(stored.Price)} credits, set by an operator.`);
    } catch (error) {
      const fallback = `The price of ${player.PlayerName} could not be saved. Please try again.`;
      setError('price', { message: errorNotificationText(error, fallback) }, { shouldFocus: true });
      notifyError(error, fallback);
    }
  };

  const message = errors.price?.message;
  return (
    <form noValidate className={styles.editor} onSubmit={handleSubmit(onSave)}>
      <div className={styles.editorLine}>
        <input
          type="number"
          inputMode="decimal"
          min={min}
          max={max}
          step={step}
          autoComplete="off"
          className={styles.input}
          aria-label={`Price of ${player.PlayerName}`}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? errorId : undefined}
          {...register('price')}
        />
        <span className={styles.unit}>credits</span>
        <Button type="submit" size="sm" loading={isSubmitting} aria-label={`Save the price of ${player.PlayerName}`}>
          Save
        </Button>
      </div>
      {message ? (
        <p id={errorId} className={styles.error}>
          {message}
        </p>
      ) : null}
    </form>
  );
}
