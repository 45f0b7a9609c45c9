// the starter's signature, `{ authorization: string } | {}`, as the guide spreads it
export declare function getAuthHeaders(): Promise<
  { authorization: string } | Record<string, never>
>
export declare function getCacheTag(tag: string): Promise<string>
export declare function getCartId(): Promise<string | undefined>
export declare function removeCartId(): Promise<void>
