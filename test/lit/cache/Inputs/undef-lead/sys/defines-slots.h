#pragma once
#define slots 3
