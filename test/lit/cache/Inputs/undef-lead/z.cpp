#include "z.h"

ZImpl make() { return ZImpl(); }
