// The first-sign-in dialog's title, on its own so the kit can export it without the dialog's code
// (the dialog is loaded only for a signed-in user who has no first name yet).
export const NAME_PROMPT_TITLE = 'Welcome to Civic Agenda';
