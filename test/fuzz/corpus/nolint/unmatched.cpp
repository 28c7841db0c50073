/* NOLINTEND(nn-*) */
// NOLINTBEGIN(nn-a)
// NOLINTEND(nn-b)
int f; // NOLINTNEXTLINE
