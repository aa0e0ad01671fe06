/** The product's name, used wherever the spec says "the product". */
export const PRODUCT_NAME = "Ticketry";
