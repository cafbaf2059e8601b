/** Binding the player's sheet (from the Sheets tab or the planner): a new sheet starts a new plan, shown in the planner. */
import { usePanel } from '../../panel/context';

export function useBindSheet() {
  const { bind, scratch, showTab } = usePanel();
  return (text: string | null) => {
    bind(text);
    scratch.update({ plan: [] });
    if (text !== null) showTab('planner');
  };
}
