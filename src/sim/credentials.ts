// The demo credentials the simulator accepts unless told otherwise. They are not secrets: they
// are printed at start-up and written in the README, so a new user can try the bot at once.

export const DEMO_APP_ID = 'arrivals-demo';
export const DEMO_API_KEY = 'demo-key-0000';
