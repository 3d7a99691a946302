// The standalone preview page's entry; the async boundary lets federation negotiate shared modules.
void import('./preview');
