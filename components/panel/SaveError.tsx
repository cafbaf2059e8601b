/** A failed save, said the same way in every view (a game's table, the reply's draft, the planner's scratch) until the next good save. */
export function SaveError({ error }: { error: string }) {
  if (!error) return null;
  return (
    <p class="alert small" role="status" data-testid="save-error">
      {error}
    </p>
  );
}
