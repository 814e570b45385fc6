/** Names of summaries the server refers to before the catalog is loaded (the budget view and guides hang on it). */
export const PROJECT_BUDGET_TOOL = 'get_project_budget';
