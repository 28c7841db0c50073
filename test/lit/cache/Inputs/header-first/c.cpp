#include "c.h"

int c_blocks() { return static_cast<int>(CImpl().children().size()); }
