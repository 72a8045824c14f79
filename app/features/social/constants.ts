/** The longest chat message, for the send box and its schema alike. */
export const MESSAGE_MAX_LENGTH = 2000;
