import type { PlanRow } from './plans.repository.js';

/** A plan as `npm run admin -- plan …` prints it. */
export const presentPlanForOperator = (plan: PlanRow) => ({
  id: plan.id,
  name: plan.name,
  default: plan.isDefault,
});
